import { parseEnv, writeLog } from "@svc/runtime";
import { workersRuntime } from "@svc/workers";
import { runScheduledJobs } from "./jobs";

/** Cloudflare Worker entry point: a cron trigger (wrangler.toml, env scheduler). */
export default {
  async scheduled(_controller: unknown, env: Record<string, unknown>, ctx: { waitUntil(promise: Promise<unknown>): void }) {
    const config = parseEnv(env);
    const session = await workersRuntime.open(config);
    try {
      const run = await runScheduledJobs(session, new Date());
      writeLog(config.LOG_LEVEL, "info", "scheduled_run", { function: "scheduler", ...run });
    } finally {
      ctx.waitUntil(session.release());
    }
  },
};
