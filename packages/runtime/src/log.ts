export type LogLevel = "debug" | "info" | "warn" | "error" | "silent";

const SEVERITY: Record<LogLevel, number> = { debug: 10, info: 20, warn: 30, error: 40, silent: 100 };

export type LogFields = Record<string, unknown>;

/**
 * One JSON line per event on stdout: Workers Logs and the local terminal both read it.
 * This is the only place the service writes to the console.
 */
export function writeLog(threshold: LogLevel, level: Exclude<LogLevel, "silent">, msg: string, fields: LogFields): void {
  if (SEVERITY[level] < SEVERITY[threshold]) return;
  console.log(JSON.stringify({ ts: new Date().toISOString(), level, msg, ...fields }));
}
