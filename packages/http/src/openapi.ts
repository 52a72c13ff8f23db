import { ADVISORY_NOTICE, SERVICE_TITLE, SERVICE_VERSION } from "@svc/core";
import { z } from "zod";
import { ErrorEnvelope } from "./errors";
import type { RouteContract } from "./route";

/**
 * Builds the OpenAPI 3.1 document from the route contracts of every function. Used at build
 * time only (the discovery Worker serves the generated file), so Workers never carry it.
 */
export interface OpenApiSource {
  readonly name: string;
  readonly routes: readonly RouteContract[];
}

type JsonSchema = Record<string, unknown>;

function toSchema(schema: z.ZodType, io: "input" | "output"): JsonSchema {
  const json = z.toJSONSchema(schema, { target: "draft-2020-12", io, unrepresentable: "any" }) as JsonSchema;
  delete json.$schema;
  return json;
}

function parametersOf(schema: z.ZodType | undefined, location: "path" | "query"): JsonSchema[] {
  if (!schema) return [];
  const json = toSchema(schema, "input");
  const properties = (json.properties ?? {}) as Record<string, JsonSchema>;
  const required = new Set((json.required ?? []) as string[]);
  return Object.entries(properties).map(([name, property]) => {
    const { description, ...rest } = property;
    return {
      name,
      in: location,
      required: location === "path" || required.has(name),
      ...(typeof description === "string" ? { description } : {}),
      schema: rest,
    };
  });
}

export function buildOpenApiDocument(functions: readonly OpenApiSource[]): JsonSchema {
  const paths: Record<string, Record<string, JsonSchema>> = {};
  for (const fn of functions) {
    for (const route of fn.routes) {
      const item = (paths[route.path] ??= {});
      // Every function answers /healthz; the document lists it once.
      if (item[route.method]) continue;
      const responses: Record<string, JsonSchema> = {};
      for (const [status, spec] of Object.entries(route.responses)) {
        responses[status] = {
          description: spec.description,
          ...(spec.schema ? { content: { [spec.contentType ?? "application/json"]: { schema: toSchema(spec.schema, "output") } } } : {}),
        };
      }
      responses.default ??= {
        description: "Error envelope (404, 405, 413, 500...).",
        content: { "application/json": { schema: { $ref: "#/components/schemas/ErrorEnvelope" } } },
      };
      item[route.method] = {
        operationId: route.operationId === "health" ? "health" : route.operationId,
        summary: route.summary,
        ...(route.description ? { description: route.description } : {}),
        tags: [...route.tags],
        "x-function": fn.name,
        ...(route.auth === "none" ? { security: [] } : { security: [{ bearer: [] }] }),
        parameters: [...parametersOf(route.request?.params, "path"), ...parametersOf(route.request?.query, "query")],
        ...(route.request?.body
          ? { requestBody: { required: true, content: { "application/json": { schema: toSchema(route.request.body, "input") } } } }
          : {}),
        responses,
      };
    }
  }
  const sortedPaths = Object.fromEntries(Object.entries(paths).sort(([a], [b]) => a.localeCompare(b)));
  return {
    openapi: "3.1.0",
    jsonSchemaDialect: "https://json-schema.org/draft/2020-12/schema",
    info: { title: SERVICE_TITLE, version: SERVICE_VERSION, description: ADVISORY_NOTICE },
    servers: [{ url: "/" }],
    security: [{ bearer: [] }],
    paths: sortedPaths,
    components: {
      securitySchemes: {
        bearer: { type: "http", scheme: "bearer", description: "A JWT for human users, or an API key (svc_live_, svc_prac_, svc_inst_) for agents." },
      },
      schemas: { ErrorEnvelope: toSchema(ErrorEnvelope, "output") },
    },
  };
}
