import { MAX_TURNS, SKILL_LENSES, type SkillLens } from "@svc/core";
import { bodyCapForText, defineOperation, ErrorEnvelope, type Operation, type RouteListing } from "@svc/http";
import { skillContext } from "./context";

/** Where a skill is mounted: its own route, or another name the listing gives it (a /api/v1 twin). */
export interface SkillMount {
  path: string;
  operationId: string;
  summary: string;
  listing: RouteListing;
}

const ownMount = (lens: SkillLens): SkillMount => ({
  path: `/api/skill/${lens.id}`,
  operationId: `skill_${lens.id.replace(/-/g, "_")}`,
  summary: `${lens.id}: ${lens.summary}`,
  listing: { spec: "8" },
});

/** One route per skill, each with its own input and output schema: POST /api/skill/<id> unless mounted elsewhere. */
export function skillOperation(lens: SkillLens, mount: SkillMount = ownMount(lens)): Operation {
  return defineOperation(
    {
      operationId: mount.operationId,
      method: "post",
      path: mount.path,
      summary: mount.summary,
      description: `${lens.summary} A lens over the reason engine; metered under ${lens.metered ? `the ${lens.id} allowance` : "no allowance (free)"}. Advisory only.`,
      tags: ["skills"],
      auth: "bearer",
      listing: mount.listing,
      ...(lens.metered ? { charge: { skill: lens.id, onOutage: lens.meterOutage } } : {}),
      ...(lens.kinds ? { requires: { kinds: lens.kinds } } : {}),
      // The largest skill input is a conversation of 50 turns.
      maxBodyBytes: bodyCapForText(MAX_TURNS * 5100 + 5000),
      request: { body: lens.input },
      responses: {
        200: { description: "The skill's result.", schema: lens.output },
        400: { description: "A field missing, over its cap, or not accepted (named in `field`).", schema: ErrorEnvelope },
        401: { description: "No valid credential.", schema: ErrorEnvelope },
        429: { description: "The skill's allowance, or the burst window, is exhausted.", schema: ErrorEnvelope },
      },
    },
    async (c, { body }) => c.json(await lens.run(await skillContext(c), body)),
  ) as unknown as Operation;
}

export const skillOperations: readonly Operation[] = SKILL_LENSES.map((lens) => skillOperation(lens));
