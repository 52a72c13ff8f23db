import * as z from "zod";

/** The seven domain files the hub names, in the order the hub lists them. */
export const DomainFileId = z.enum(["psychology", "passions", "virtue", "value", "action", "progress", "scoring"]).describe("Id of a framework domain file.");
export type DomainFileId = z.infer<typeof DomainFileId>;

/** The common envelope of a domain file around its domain-specific content schema. */
export function domainFileSchema<Id extends DomainFileId, Content extends z.ZodType>(id: Id, content: Content) {
  return z.object({
    id: z.literal(id),
    title: z.string().min(1),
    summary: z.string().min(1),
    content,
  });
}

/** One rung of an ordered ladder with what it means. */
export function describedLevel<Level extends z.ZodType>(level: Level) {
  return z.object({ id: level, description: z.string().min(1) });
}
