import { describe, expect, it } from "vitest";
import { authorize, type AccessRequirement } from "./authorization";
import type { Principal } from "./credentials";
import type { Capability, CredentialKind, Tier } from "./enums";
import { DomainError } from "./errors";

function apiKey(kind: CredentialKind, tier: Tier, capabilities: Capability[] = []): Principal {
  return {
    type: "api_key",
    credential_id: "00000000-0000-4000-8000-000000000001",
    kind,
    owner_id: "owner-1",
    agent_id: null,
    tier,
    capabilities,
    daily_limit: null,
  };
}
const user = (tier: Tier = "free"): Principal => ({ type: "user", owner_id: "user-1", tier, capabilities: [] });
const operator: Principal = { type: "operator", owner_id: "operator", tier: "paid", capabilities: ["operator"] };

/** The 403 authorize throws, or undefined when it lets the caller through. */
function refusal(principal: Principal, requirement: AccessRequirement): DomainError | undefined {
  try {
    authorize(principal, requirement);
    return undefined;
  } catch (err) {
    if (err instanceof DomainError) return err;
    throw err;
  }
}

interface Row {
  readonly label: string;
  readonly principal: Principal;
  readonly requirement: AccessRequirement;
  /** null: allowed. */
  readonly expected: { code: string; required: unknown } | null;
}

const ROWS: Row[] = [
  { label: "no requirement, free key", principal: apiKey("live", "free"), requirement: {}, expected: null },
  { label: "no requirement, user", principal: user(), requirement: {}, expected: null },
  {
    label: "operator route, ordinary key",
    principal: apiKey("prac", "paid", ["accreditation_write", "reflect"]),
    requirement: { operator: true },
    expected: { code: "operator_only", required: "operator" },
  },
  { label: "operator route, user", principal: user("paid"), requirement: { operator: true }, expected: { code: "operator_only", required: "operator" } },
  { label: "operator route, key with capability operator", principal: apiKey("live", "free", ["operator"]), requirement: { operator: true }, expected: null },
  { label: "operator: false, ordinary key", principal: apiKey("live", "free"), requirement: { operator: false }, expected: null },
  { label: "kind prac, prac key", principal: apiKey("prac", "free"), requirement: { kinds: ["prac"] }, expected: null },
  {
    label: "kind prac, live key",
    principal: apiKey("live", "free"),
    requirement: { kinds: ["prac"] },
    expected: { code: "wrong_credential_kind", required: ["svc_prac_"] },
  },
  {
    label: "kind prac or inst, live key",
    principal: apiKey("live", "paid"),
    requirement: { kinds: ["prac", "inst"] },
    expected: { code: "wrong_credential_kind", required: ["svc_prac_", "svc_inst_"] },
  },
  { label: "kind prac or inst, inst key", principal: apiKey("inst", "free"), requirement: { kinds: ["prac", "inst"] }, expected: null },
  {
    label: "kind prac, user token",
    principal: user("paid"),
    requirement: { kinds: ["prac"] },
    expected: { code: "wrong_credential_kind", required: ["svc_prac_"] },
  },
  { label: "capability reflect, key with it", principal: apiKey("live", "free", ["reflect"]), requirement: { capability: "reflect" }, expected: null },
  {
    label: "capability reflect, key with others",
    principal: apiKey("live", "paid", ["calling", "l1_supply"]),
    requirement: { capability: "reflect" },
    expected: { code: "missing_capability", required: "reflect" },
  },
  {
    label: "capability l1_supply, user",
    principal: user("paid"),
    requirement: { capability: "l1_supply" },
    expected: { code: "missing_capability", required: "l1_supply" },
  },
  {
    label: "capability reflect, key with capability operator",
    principal: apiKey("live", "free", ["operator"]),
    requirement: { capability: "reflect" },
    expected: null,
  },
  { label: "tier paid, paid key", principal: apiKey("live", "paid"), requirement: { tier: "paid" }, expected: null },
  {
    label: "tier paid, free key",
    principal: apiKey("live", "free"),
    requirement: { tier: "paid" },
    expected: { code: "paid_tier_required", required: "paid" },
  },
  { label: "tier paid, free user", principal: user("free"), requirement: { tier: "paid" }, expected: { code: "paid_tier_required", required: "paid" } },
  { label: "tier paid, paid user", principal: user("paid"), requirement: { tier: "paid" }, expected: null },
  { label: "tier free, free key", principal: apiKey("live", "free"), requirement: { tier: "free" }, expected: null },
  {
    label: "prac + accreditation_write, prac key without the capability",
    principal: apiKey("prac", "paid", []),
    requirement: { kinds: ["prac"], capability: "accreditation_write" },
    expected: { code: "missing_capability", required: "accreditation_write" },
  },
  {
    label: "prac + accreditation_write, live key with it (kind checked first)",
    principal: apiKey("live", "paid", ["accreditation_write"]),
    requirement: { kinds: ["prac"], capability: "accreditation_write" },
    expected: { code: "wrong_credential_kind", required: ["svc_prac_"] },
  },
  {
    label: "capability + paid, free key with the capability",
    principal: apiKey("live", "free", ["reflect"]),
    requirement: { capability: "reflect", tier: "paid" },
    expected: { code: "paid_tier_required", required: "paid" },
  },
];

describe.each(ROWS)("authorize: $label", ({ principal, requirement, expected }) => {
  if (expected === null) {
    it("lets the caller through", () => {
      expect(refusal(principal, requirement)).toBeUndefined();
    });
  } else {
    it(`refuses with 403 ${expected.code} naming what is missing`, () => {
      const err = refusal(principal, requirement);
      expect(err, `expected a refusal for ${JSON.stringify(requirement)}`).toBeInstanceOf(DomainError);
      expect(err!.kind).toBe("forbidden");
      expect(err!.code).toBe(expected.code);
      expect(err!.extra?.required).toEqual(expected.required);
      expect(err!.message.length).toBeGreaterThan(0);
    });
  }
});

describe("the operator principal", () => {
  const everything: AccessRequirement[] = [
    { operator: true },
    { kinds: ["prac"] },
    { kinds: ["inst"], capability: "l1_supply" },
    { capability: "watching_write" },
    { tier: "paid" },
    { operator: true, kinds: ["prac"], capability: "accreditation_write", tier: "paid" },
  ];
  it.each(everything)("passes %j", (requirement) => {
    expect(refusal(operator, requirement)).toBeUndefined();
  });
});
