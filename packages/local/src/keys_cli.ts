import { type CliIo, commandLine, runAsMain } from "./cli";

/**
 * `npm run keys -- create|list|revoke …`: API key management over the service's own HTTP API,
 * so it works the same against the local server and a deployed one. The server address comes
 * from --url or SVC_URL (default http://127.0.0.1:8787), the operator key from
 * --operator-key or OPERATOR_API_KEY. `create` prints the new key as the last line of stdout.
 */
const USAGE = `usage:
  npm run keys -- create --kind live|prac|inst [--tier free|paid] [--capabilities a,b] [--agent ID] [--owner ID] [--label TEXT] [--expires ISO] [--harness pre_decision_harness|post_decision_check]
  npm run keys -- list [--owner ID] [--include-revoked] [--limit N]
  npm run keys -- revoke <key-id>
common: [--url URL] [--operator-key KEY]   (or SVC_URL, OPERATOR_API_KEY)`;

class UsageError extends Error {}

export async function runKeysCli(argv: readonly string[], env: NodeJS.ProcessEnv, io: CliIo): Promise<number> {
  const line = commandLine(
    argv,
    {
      url: { type: "string" },
      "operator-key": { type: "string" },
      kind: { type: "string" },
      tier: { type: "string" },
      capabilities: { type: "string" },
      agent: { type: "string" },
      owner: { type: "string" },
      label: { type: "string" },
      expires: { type: "string" },
      harness: { type: "string" },
      "include-revoked": { type: "boolean" },
      limit: { type: "string" },
      help: { type: "boolean", short: "h" },
    },
    io,
    USAGE,
  );
  if (typeof line === "number") return line;
  const { values, positionals } = line;
  const [command, ...rest] = positionals;
  if (!command) {
    io.err(USAGE);
    return 2;
  }
  const base = (values.url ?? env.SVC_URL ?? "http://127.0.0.1:8787").replace(/\/+$/, "");
  const operatorKey = values["operator-key"] ?? env.OPERATOR_API_KEY;
  if (!operatorKey) {
    io.err("An operator key is needed: --operator-key KEY or OPERATOR_API_KEY.");
    return 2;
  }
  const call = async (method: string, path: string, body?: unknown) => {
    let res: Response;
    try {
      res = await fetch(`${base}${path}`, {
        method,
        headers: { Authorization: `Bearer ${operatorKey}`, "Content-Type": "application/json" },
        ...(body === undefined ? {} : { body: JSON.stringify(body) }),
      });
    } catch (err) {
      throw new UsageError(`cannot reach ${base}: ${(err as Error).message}`);
    }
    const text = await res.text();
    let json: unknown;
    try {
      json = JSON.parse(text);
    } catch {
      json = undefined;
    }
    if (!res.ok) {
      const error = (json as { error?: { code?: string; message?: string; field?: string } } | undefined)?.error;
      const detail = error ? `${error.code}: ${error.message}` : text.slice(0, 300);
      throw new UsageError(`${method} ${path} failed with ${res.status} (${detail})`);
    }
    return json as Record<string, unknown>;
  };

  try {
    switch (command) {
      case "create": {
        if (!values.kind) throw new UsageError(`create needs --kind live|prac|inst\n${USAGE}`);
        const owner = values.owner ?? values.agent;
        if (!owner) throw new UsageError("create needs --owner ID (or --agent ID, which then also names the owner)");
        const capabilities = values.capabilities
          ? values.capabilities
              .split(",")
              .map((c) => c.trim())
              .filter(Boolean)
          : [];
        const created = await call("POST", "/api/admin/keys", {
          kind: values.kind,
          owner_id: owner,
          ...(values.tier ? { tier: values.tier } : {}),
          capabilities,
          ...(values.agent ? { agent_id: values.agent } : {}),
          ...(values.label ? { label: values.label } : {}),
          ...(values.expires ? { expires_at: values.expires } : {}),
          ...(values.harness ? { harness_marker: values.harness } : {}),
        });
        const { key, ...record } = created;
        io.out(
          `created key ${String(record.id)} (${String(record.kind)}, ${String(record.tier)}, owner ${String(record.owner_id)}${record.agent_id ? `, agent ${String(record.agent_id)}` : ""}, capabilities: ${(record.capabilities as string[]).join(",") || "none"})`,
        );
        io.out("the key is shown once; store it now:");
        io.out(String(key));
        return 0;
      }
      case "list": {
        const query = new URLSearchParams();
        if (values.owner) query.set("owner_id", values.owner);
        if (values["include-revoked"]) query.set("include_revoked", "true");
        if (values.limit) query.set("limit", values.limit);
        const listed = await call("GET", `/api/admin/keys${query.size ? `?${query}` : ""}`);
        const keys = listed.keys as Array<Record<string, unknown>>;
        io.out("id                                    prefix         kind  tier  owner           agent           capabilities                 state");
        for (const k of keys) {
          const state = k.revoked_at ? `revoked ${String(k.revoked_at)}` : "active";
          io.out(
            `${String(k.id).padEnd(37)} ${String(k.key_prefix).padEnd(14)} ${String(k.kind).padEnd(5)} ${String(k.tier).padEnd(5)} ${String(k.owner_id).padEnd(15)} ${String(k.agent_id ?? "-").padEnd(15)} ${((k.capabilities as string[]).join(",") || "-").padEnd(28)} ${state}`,
          );
        }
        io.out(`${keys.length} key(s)`);
        return 0;
      }
      case "revoke": {
        const id = rest[0];
        if (!id) throw new UsageError(`revoke needs the key id\n${USAGE}`);
        const revoked = await call("DELETE", `/api/admin/keys/${encodeURIComponent(id)}`);
        io.out(`revoked ${String(revoked.id)} at ${String(revoked.revoked_at)}`);
        return 0;
      }
      default:
        throw new UsageError(`unknown command ${command}\n${USAGE}`);
    }
  } catch (err) {
    io.err(err instanceof UsageError ? err.message : String(err));
    return 1;
  }
}

await runAsMain(import.meta.url, runKeysCli);
