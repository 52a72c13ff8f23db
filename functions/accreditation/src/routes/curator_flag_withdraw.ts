import { CuratorFlagView, withdrawCuratorFlag } from "@svc/core";
import { defineOperation, ErrorEnvelope } from "@svc/http";
import * as z from "zod";
import { accreditationContext } from "./context";

export const curatorFlagWithdraw = defineOperation(
  {
    operationId: "withdrawCuratorFlag",
    method: "delete",
    path: "/api/admin/curator-flags/{id}",
    summary: "Withdraw a curator flag",
    description:
      "Operators only. Removes the flag's trust event, so the record's levels are composed as if it had never been; the flag itself is kept with its withdrawal time. Withdrawing twice keeps the first time.",
    tags: ["accreditation", "admin"],
    auth: "operator",
    listing: { spec: "3.6" },
    request: { params: z.object({ id: z.uuid().describe("The flag's id.") }) },
    responses: {
      200: { description: "The withdrawn flag.", schema: CuratorFlagView },
      401: { description: "No valid credential.", schema: ErrorEnvelope },
      403: { description: "Not an operator.", schema: ErrorEnvelope },
      404: { description: "No flag has this id.", schema: ErrorEnvelope },
    },
  },
  async (c, { params }) => c.json(await withdrawCuratorFlag({ ctx: await accreditationContext(c), input: params })),
);
