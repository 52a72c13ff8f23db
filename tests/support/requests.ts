import type { Fetcher } from "./reason";

type Env = Record<string, unknown>;

/**
 * Requests to one function with a default environment: `send` with any Authorization value
 * (or none), `post` and `get` with a credential sent as a Bearer token.
 */
export function requester(fn: Fetcher, defaultEnv: Env) {
  const send = (
    method: "GET" | "POST" | "PATCH" | "DELETE",
    path: string,
    authorization: string | undefined,
    body?: unknown,
    env: Env = defaultEnv,
  ): Promise<Response> => {
    const headers: Record<string, string> = {};
    if (authorization !== undefined) headers.authorization = authorization;
    if (body !== undefined) headers["content-type"] = "application/json";
    const init: RequestInit = { method, headers };
    if (body !== undefined) init.body = typeof body === "string" ? body : JSON.stringify(body);
    return Promise.resolve(fn.fetch(new Request(`http://t${path}`, init), env));
  };
  return {
    send,
    post: (path: string, credential: string, body: unknown, env: Env = defaultEnv) => send("POST", path, `Bearer ${credential}`, body, env),
    get: (path: string, credential: string, env: Env = defaultEnv) => send("GET", path, `Bearer ${credential}`, undefined, env),
  };
}
