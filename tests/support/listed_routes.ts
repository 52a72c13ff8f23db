import { type ListedRoute, SKILLS } from "@svc/core";

/** A listed route for a listing test, from its `METHOD /path` key: a bearer route of the skills function unless told otherwise. */
export function listedRoute(key: string, extra: Partial<ListedRoute> = {}): ListedRoute {
  const [method, path] = key.split(" ") as [ListedRoute["method"], string];
  return { method, path, function: "skills", auth: "bearer", summary: `What ${key} does`, spec: "-", ...extra };
}

/** Every skill's own route, drawing on its allowance, as the skills function lists them. */
export const SKILL_ROUTES: readonly ListedRoute[] = SKILLS.map((s) => listedRoute(`POST /api/skill/${s.id}`, { skill: s.id, spec: "8" }));
