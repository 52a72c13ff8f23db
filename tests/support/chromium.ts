import { execFile } from "node:child_process";
import { promisify } from "node:util";

/**
 * Headless Chromium for the suites that check what a person sees (the badge, the agent page).
 * They run where Chromium is installed (.ci/run installs it), like the real-database suites.
 */
export const CHROMIUM = process.env.CHROMIUM_PATH ?? "/usr/bin/chromium";
export const run = promisify(execFile);
export const FLAGS = [
  "--headless",
  "--no-sandbox",
  "--disable-gpu",
  "--disable-quic",
  "--no-first-run",
  "--disable-background-networking",
  "--disable-component-update",
  "--disable-sync",
];
