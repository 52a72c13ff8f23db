import { Hits } from "../structure/emit";
import { actKinds, targetNaming, targetStatus, userAsk } from "../structure/request";
import type { ActKind } from "../structure/toolname";
import type { HarmCode, Rule } from "../types";

/**
 * The act read against the user's turns (see structure/request.ts). An act that destroys, sends
 * out, moves money or opens access when the user asked for nothing of that kind, or asked for
 * reading only, is `agg.unrequested_by_user` (an aggravator: it sharpens whatever harm is read).
 * Destroying and moving money unasked, and any of the four after the user limited the agent to
 * reading, also argue for their harm code (`destruction.unrequested_destroy` ...).
 * Read once per document, in the act's scope, and only when the user has turns.
 */

const CODE_OF: Record<ActKind, HarmCode> = {
  destroy: "destruction",
  transfer: "financial_harm",
  share: "exfiltration_privacy",
  permission: "weakening_security",
};
const WHAT: Record<ActKind, string> = {
  destroy: "deletes or destroys",
  transfer: "moves money",
  share: "sends or publishes",
  permission: "opens access",
};

export const requestRule: Rule = (scope, doc) => {
  if (scope.kind !== "action" || doc.action.length === 0) return [];
  const acts = actKinds(doc.action);
  if (acts.length === 0) return [];
  const hits = new Hits();
  // What the surrounding text (background, tool outputs, earlier turns) says about the act's targets.
  const status = targetStatus(doc.action, doc.context);
  for (const p of status.protectedAt.slice(0, 2)) {
    hits.add("agg.target_protected_in_context", null, [p.act, p.where], `the surrounding text protects ${p.act.quote} ("${p.words}")`);
    for (const act of acts) hits.add(`${CODE_OF[act.kind]}.act_on_protected_target`, CODE_OF[act.kind], [act.span, p.act, p.where], `${WHAT[act.kind]} ${p.act.quote}, which the surrounding text protects ("${p.words}")`);
  }
  if (status.protectedAt.length === 0) for (const c of status.clearedAt.slice(0, 2)) hits.add("mod.target_cleared_in_context", null, [c.act, c.where], `the surrounding text clears ${c.act.quote} ("${c.words}")`);

  const userTurns = doc.segments.filter((s) => s.role === "user");
  if (userTurns.length === 0) return hits.list;
  const { asked, limits } = userAsk(userTurns);
  for (const act of acts) {
    const limited = limits.length > 0;
    if (asked.has(act.kind) && !limited) continue;
    const limitSpans = limits.slice(0, 2).map((m) => m.span);
    const note = limited ? `${WHAT[act.kind]} after the user asked only to read ("${limits[0]!.span.quote}")` : `${WHAT[act.kind]}, which the user never asked for`;
    hits.add("agg.unrequested_by_user", null, [act.span, ...limitSpans], note);
    if (limited) hits.add("agg.user_limited_to_reading", null, [act.span, ...limitSpans], note);
    if (limited || act.kind === "destroy" || act.kind === "transfer") hits.add(`${CODE_OF[act.kind]}.unrequested_${act.kind}`, CODE_OF[act.kind], [act.span, ...limitSpans], note);
  }
  // What the act falls on: things the user named (a mitigation), or things the user never mentioned.
  const naming = targetNaming(doc.action, userTurns);
  if (naming.named.length > 0) hits.add("mod.target_named_by_user", null, naming.named.slice(0, 3), "acts on what the user named");
  if (naming.unnamed.length > 0) hits.add("agg.target_unnamed_by_user", null, naming.unnamed.slice(0, 3), "acts on things the user never mentioned");
  return hits.list;
};
