import { readProfile, UserProfile } from "@svc/core";
import { defineOperation, ErrorEnvelope, principalOf, sessionOf } from "@svc/http";

export const userProfileGet = defineOperation(
  {
    operationId: "getUserProfile",
    method: "get",
    path: "/api/user/profile",
    summary: "The caller's profile",
    description: "Computed from the caller's stored scores (spec 2.8); a caller with none gets an empty profile that says so.",
    tags: ["scoring"],
    auth: "bearer",
    listing: { spec: "4.2, 2.8" },
    responses: {
      200: { description: "The profile.", schema: UserProfile },
      401: { description: "No valid credential.", schema: ErrorEnvelope },
    },
  },
  async (c) => {
    const session = await sessionOf(c);
    return c.json(await readProfile(session.scores, principalOf(c).owner_id));
  },
);
