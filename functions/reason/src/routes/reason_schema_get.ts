import { EXTRACTION_SCHEMA_VERSION, Layer1Extraction } from "@svc/core";
import { defineOperation, staticPublicJson } from "@svc/http";
import * as z from "zod";

export const reasonSchemaGet = defineOperation(
  {
    operationId: "getExtractionSchema",
    method: "get",
    path: "/api/reason/schema",
    summary: "JSON Schema of the Layer 1 extraction",
    description: "What a caller with capability l1_supply sends as layer1_schema (orientation_observations excluded: the server makes them).",
    tags: ["reason"],
    auth: "none",
    listing: { spec: "4.4" },
    cache: "public",
    responses: { 200: { description: "The versioned schema.", schema: z.record(z.string(), z.unknown()) } },
  },
  staticPublicJson(() => ({
    version: EXTRACTION_SCHEMA_VERSION,
    schema: { $id: `urn:svc:${EXTRACTION_SCHEMA_VERSION}`, ...z.toJSONSchema(Layer1Extraction, { target: "draft-2020-12", io: "input" }) },
  })),
);
