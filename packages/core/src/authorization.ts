import type { Capability, CredentialKind, Tier } from "./enums";
import { ForbiddenError } from "./errors";
import { hasCapability, type Principal } from "./credentials";

/** What a route needs beyond an authenticated caller. */
export interface AccessRequirement {
  readonly operator?: boolean;
  readonly kinds?: readonly CredentialKind[];
  readonly capability?: Capability;
  readonly tier?: Tier;
}

/** Throws a 403 naming what is missing; returns quietly when the caller qualifies. */
export function authorize(principal: Principal, requirement: AccessRequirement): void {
  if (requirement.operator && !hasCapability(principal, "operator")) {
    throw new ForbiddenError("This route is for operators only.", "operator_only", { required: "operator" });
  }
  if (requirement.kinds && principal.type !== "operator") {
    const kind = principal.type === "api_key" ? principal.kind : null;
    if (kind === null || !requirement.kinds.includes(kind)) {
      const wanted = requirement.kinds.map((k) => `svc_${k}_`).join(" or ");
      throw new ForbiddenError(
        `This route needs an API key of kind ${wanted}; this credential is ${kind ? `svc_${kind}_` : "a user token"}.`,
        "wrong_credential_kind",
        {
          required: requirement.kinds.map((k) => `svc_${k}_`),
        },
      );
    }
  }
  if (requirement.capability && !hasCapability(principal, requirement.capability)) {
    throw new ForbiddenError(`This credential lacks the capability ${requirement.capability}.`, "missing_capability", {
      required: requirement.capability,
    });
  }
  if (requirement.tier === "paid" && principal.tier !== "paid") {
    throw new ForbiddenError("This route needs a paid credential.", "paid_tier_required", { required: "paid" });
  }
}

/** What a requirement asks, in words (the discovery listing): `svc_prac_ key with capability accreditation_write`, `paid key`. */
export function describeRequirement(requirement: AccessRequirement): string | undefined {
  const who = requirement.kinds ? `${requirement.kinds.map((k) => `svc_${k}_`).join(" or ")} key` : requirement.tier === "paid" ? "paid key" : "";
  const parts = [
    requirement.operator ? "operator credential" : "",
    who,
    requirement.kinds && requirement.tier === "paid" ? "on the paid tier" : "",
    requirement.capability ? `${who ? "with " : ""}capability ${requirement.capability}` : "",
  ].filter((part) => part.length > 0);
  return parts.length > 0 ? parts.join(" ") : undefined;
}

/**
 * A key bound to an agent speaks for that agent only: what it submits, declares, accredits or
 * practises must name the same agent_id (assessments, accreditation, the Stoa, practice).
 */
export function checkAgentBinding(principal: Principal, agentId: string): void {
  if (principal.type === "api_key" && principal.agent_id !== null && principal.agent_id !== agentId) {
    throw new ForbiddenError(`This key is bound to the agent ${principal.agent_id}; it cannot act for ${agentId}.`, "agent_not_bound", {
      field: "agent_id",
    });
  }
}

/** The caller a service acts for, carried in the service's context beside its ports. */
export interface Caller {
  readonly principal: Principal;
}
