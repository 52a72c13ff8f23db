import { readFileSync } from "node:fs";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { composeMcpCatalogue, MCP_TOOLS, standaloneSchema } from "./catalogue";

const document = JSON.parse(readFileSync(join(import.meta.dirname, "../../discovery/src/generated/openapi.json"), "utf8"));

describe("standaloneSchema", () => {
  const components = {
    Option: { type: "object", properties: { label: { type: "string" }, next: { $ref: "#/components/schemas/Option" } } },
    Request: { type: "object", properties: { options: { type: "array", items: { $ref: "#/components/schemas/Option" } } }, required: ["options"] },
    Unused: { type: "string" },
  };

  it("moves the components a schema reaches under $defs, following references through them, and leaves the rest", () => {
    expect(standaloneSchema({ type: "object", properties: { first: { $ref: "#/components/schemas/Option" } } }, components)).toEqual({
      type: "object",
      properties: { first: { $ref: "#/$defs/Option" } },
      $defs: { Option: { type: "object", properties: { label: { type: "string" }, next: { $ref: "#/$defs/Option" } } } },
    });
  });

  it("replaces a root reference by what it names, keeping the root's own keywords", () => {
    expect(standaloneSchema({ $ref: "#/components/schemas/Request", description: "A request." }, components)).toEqual({
      type: "object",
      properties: { options: { type: "array", items: { $ref: "#/$defs/Option" } } },
      required: ["options"],
      description: "A request.",
      $defs: { Option: { type: "object", properties: { label: { type: "string" }, next: { $ref: "#/$defs/Option" } } } },
    });
  });

  it("adds no $defs to a schema without references", () => {
    expect(standaloneSchema({ type: "object", properties: { a: { type: "string" } } }, components)).toEqual({
      type: "object",
      properties: { a: { type: "string" } },
    });
  });
});

describe("composeMcpCatalogue over the service's OpenAPI document", () => {
  const caps = MCP_TOOLS.map(({ operationId }) => ({ operationId }));
  const catalogue = composeMcpCatalogue(document, caps);

  it("gives every tool an object input schema that refers to nothing outside itself", () => {
    for (const tool of catalogue.tools) {
      expect(tool.inputSchema.type, tool.name).toBe("object");
      expect(JSON.stringify(tool.inputSchema), tool.name).not.toContain("#/components/");
    }
  });

  it("places a GET tool's arguments in the path and takes a POST tool's as the body", () => {
    expect(catalogue.tools.find((t) => t.name === "reason-narrative")!.route).toEqual({
      function: "reason",
      method: "GET",
      path: "/api/reason/narratives/{correlation_id}",
      arguments: { correlation_id: "path" },
    });
    expect(catalogue.tools.find((t) => t.name === "guardrail")!.route).toEqual({
      function: "guardrail",
      method: "POST",
      path: "/api/guardrail",
      arguments: "body",
    });
    expect(catalogue.tools.find((t) => t.name === "usage")!.inputSchema).toEqual({ type: "object", properties: {}, additionalProperties: false });
  });

  it("refuses a resource that is not a public GET of the document, and an unknown operation", () => {
    expect(() => composeMcpCatalogue({ ...document, paths: { ...document.paths, "/api/virtues": {} } }, caps)).toThrow(
      /\/api\/virtues: a resource must be a public GET/,
    );
    const renamed = structuredClone(document);
    renamed.paths["/api/guardrail"].post.operationId = "somethingElse";
    expect(() => composeMcpCatalogue(renamed, caps)).toThrow(/No operation checkGuardrail/);
  });
});
