import { examine, type IterateContext, offlineExtractor, PROFILE_SAMPLE, type SkillContext } from "@svc/core";
import { type AppEnv, chargerOf, principalOf, sessionOf } from "@svc/http";
import type { Context } from "hono";

/** The context a skill runs in: the deployment's Layer 1 (or the offline one), the engine and the caller's scores. */
export async function skillContext(c: Context<AppEnv>): Promise<SkillContext> {
  const session = await sessionOf(c);
  const ref = () => `skill_${crypto.randomUUID()}`;
  return {
    examine: (text, context) => examine(session.language().extractor, { text, context: context ?? null, ref: ref() }),
    examineOffline: (text, context) => examine(offlineExtractor, { text, context: context ?? null, ref: ref() }),
    storedScores: async () => {
      const owner = principalOf(c).owner_id;
      const [scores, total] = await Promise.all([session.scores.list(owner, PROFILE_SAMPLE), session.scores.count(owner)]);
      return { scores, total };
    },
  };
}

/** svc-iterate's context: the skill context with the caller, its chains and its charger. */
export async function iterateContext(c: Context<AppEnv>): Promise<IterateContext> {
  const session = await sessionOf(c);
  return { ...(await skillContext(c)), principal: principalOf(c), chains: session.chains, charge: chargerOf(c), now: () => new Date() };
}
