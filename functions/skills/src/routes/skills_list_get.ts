import { SkillsListing, skillsListing } from "@svc/core";
import { defineOperation, staticPublicJson } from "@svc/http";

export const skillsListGet = defineOperation(
  {
    operationId: "listSkills",
    method: "get",
    path: "/api/skills",
    summary: "Every skill with its allowance, price and indicative speed",
    tags: ["skills"],
    auth: "none",
    listing: { spec: "8" },
    cache: "public",
    responses: { 200: { description: "The skills of the pricing table.", schema: SkillsListing } },
  },
  staticPublicJson(skillsListing),
);
