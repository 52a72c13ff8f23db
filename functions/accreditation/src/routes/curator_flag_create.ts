import { CuratorFlagRequest, CuratorFlagView, flagTrustRecord } from "@svc/core";
import { defineOperation, ErrorEnvelope, withCaller } from "@svc/http";
import { accreditationContext } from "./context";

export const curatorFlagCreate = defineOperation(
  {
    operationId: "createCuratorFlag",
    method: "post",
    path: "/api/admin/curator-flags",
    summary: "Flag an agent's trust record (oversight or dikaiosyne)",
    description:
      "Operators only. Mints a decrease-class trust event: the flagged domain's level is capped at `level` where the domain has independent examined evidence, and the flag is held otherwise " +
      "(a 404 trust record stays 404). A dikaiosyne flag also engages the justice latch for 180 days. Flags never raise a level.",
    tags: ["accreditation", "admin"],
    auth: "operator",
    listing: { spec: "3.6" },
    request: { body: CuratorFlagRequest },
    responses: {
      201: { description: "The flag, applied or held.", schema: CuratorFlagView },
      400: { description: "A field missing or invalid (named).", schema: ErrorEnvelope },
      401: { description: "No valid credential.", schema: ErrorEnvelope },
      403: { description: "Not an operator.", schema: ErrorEnvelope },
    },
  },
  async (c, { body }) => c.json(await flagTrustRecord({ ctx: withCaller(c, await accreditationContext(c)), input: body }), 201),
);
