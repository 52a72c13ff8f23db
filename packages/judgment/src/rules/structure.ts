import type { HarmCode, Hit, Rule } from "../types";
import { shellRule } from "./structure_shell";
import { sqlRule } from "./structure_sql";
import { requestRule } from "./structure_combo";
import { toolRule } from "./structure_tool";
import { toolActRule } from "./structure_toolact";

/**
 * The structure rules: the code an agent sends, read with real parsers (shell-quote for shell,
 * node-sql-parser's PostgreSQL grammar for SQL, a tolerant literal reader for tool-call
 * arguments) into harm features with verbatim spans. See src/structure/ for the readers.
 *
 * Each specific feature (`destruction.disk_wipe`, `weakening_security.disable_firewall` ...) names
 * one act; most acts are rare in any corpus, so each reader also emits one umbrella feature per
 * harm code it read (`destruction.shell_act`, `weakening_security.sql_act`, `financial_harm.tool_act`):
 * the scorer learns how far a structural reading of that kind is to be trusted, and a command never
 * seen in training still counts through it.
 */
function withUmbrella(kind: "shell" | "sql" | "tool", rule: Rule): Rule {
  return (scope, doc) => {
    const hits = rule(scope, doc);
    const out: Hit[] = [...hits];
    const seen = new Set<HarmCode>();
    for (const h of hits) {
      if (h.code === null || seen.has(h.code)) continue;
      seen.add(h.code);
      const own = hits.filter((x) => x.code === h.code);
      out.push({ feature: `${h.code}.${kind}_act`, code: h.code, spans: own.flatMap((x) => x.spans).slice(0, 3), note: own.map((x) => x.note).filter(Boolean).slice(0, 2).join("; ") });
    }
    return out;
  };
}

export const structureRules: readonly Rule[] = [
  withUmbrella("shell", shellRule),
  withUmbrella("sql", sqlRule),
  withUmbrella("tool", toolRule),
  withUmbrella("tool", toolActRule),
  requestRule,
];
