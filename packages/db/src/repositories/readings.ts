import type { StoredReading } from "@svc/core";
import { iso } from "./columns";

/** The columns every stored reading shares (scores, documents). */
export interface ReadingColumns {
  proximity: string;
  is_kathekon: boolean | null;
  kathekon_quality: string | null;
  passions: string[];
  virtue_domains: string[];
  created_at: Date | string;
}

/** A row's reading, typed as core reads it, and its creation time as ISO 8601. */
export function readingOf(row: ReadingColumns): StoredReading & { created_at: string } {
  return {
    proximity: row.proximity as StoredReading["proximity"],
    is_kathekon: row.is_kathekon,
    kathekon_quality: row.kathekon_quality as StoredReading["kathekon_quality"],
    passions: row.passions as StoredReading["passions"][number][],
    virtue_domains: row.virtue_domains as StoredReading["virtue_domains"][number][],
    created_at: iso(row.created_at),
  };
}
