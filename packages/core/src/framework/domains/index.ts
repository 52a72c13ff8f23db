import * as z from "zod";
import { ACTION_FILE, ActionFileSchema } from "./action";
import type { DomainFileId } from "./domain_file";
import { PASSIONS_FILE, PassionsFileSchema } from "./passions";
import { PROGRESS_FILE, ProgressFileSchema } from "./progress";
import { PSYCHOLOGY_FILE, PsychologyFileSchema } from "./psychology";
import { SCORING_FILE, ScoringFileSchema } from "./scoring";
import { VALUE_FILE, ValueFileSchema } from "./value";
import { VIRTUE_FILE, VirtueFileSchema } from "./virtue";

export * from "./action";
export * from "./domain_file";
export * from "./passions";
export * from "./progress";
export * from "./psychology";
export * from "./scoring";
export * from "./value";
export * from "./virtue";

/** Any of the seven domain files, told apart by `id`. */
export const DomainFileSchema = z.discriminatedUnion("id", [
  PsychologyFileSchema,
  PassionsFileSchema,
  VirtueFileSchema,
  ValueFileSchema,
  ActionFileSchema,
  ProgressFileSchema,
  ScoringFileSchema,
]);
export type DomainFile = z.infer<typeof DomainFileSchema>;

/** The seven domain files, in the order of DomainFileId. */
export const DOMAIN_FILES: readonly DomainFile[] = [PSYCHOLOGY_FILE, PASSIONS_FILE, VIRTUE_FILE, VALUE_FILE, ACTION_FILE, PROGRESS_FILE, SCORING_FILE];

export function domainFile(id: DomainFileId): DomainFile {
  const file = DOMAIN_FILES.find((f) => f.id === id);
  // DOMAIN_FILES holds one file per DomainFileId (checked by the framework tests).
  if (!file) throw new RangeError(`no domain file ${id}`);
  return file;
}
