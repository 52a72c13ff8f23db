import { type ParseArgsOptionsConfig, parseArgs } from "node:util";
import { isMain } from "./main";

/** Where a command-line tool writes: its results to `out`, its messages to `err`. */
export interface CliIo {
  out(line: string): void;
  err(line: string): void;
}

/**
 * The command line parsed against `options` (positionals allowed, unknown options refused), or
 * the parser's message naming what is wrong.
 */
export function parseCli<const T extends ParseArgsOptionsConfig>(argv: readonly string[], options: T) {
  try {
    return { ok: true as const, ...parseArgs({ args: [...argv], options, allowPositionals: true, strict: true }) };
  } catch (err) {
    return { ok: false as const, error: (err as Error).message };
  }
}

/**
 * The command line of a tool with a usage text: the parsed values and positionals, or the exit
 * code once the usage is written (0 for --help, 2 with the parser's message for a bad line).
 */
export function commandLine<const T extends ParseArgsOptionsConfig>(argv: readonly string[], options: T, io: CliIo, usage: string) {
  const parsed = parseCli(argv, options);
  if (!parsed.ok) {
    io.err(`${parsed.error}\n${usage}`);
    return 2;
  }
  if ((parsed.values as { help?: boolean }).help) {
    io.err(usage);
    return 0;
  }
  return parsed;
}

/** Runs a tool when its module is the process's entry point, on the real argv, env and streams, and exits with its code. */
export async function runAsMain(moduleUrl: string, run: (argv: readonly string[], env: NodeJS.ProcessEnv, io: CliIo) => Promise<number>): Promise<void> {
  if (!isMain(moduleUrl)) return;
  const code = await run(process.argv.slice(2), process.env, {
    out: (line) => process.stdout.write(`${line}\n`),
    err: (line) => process.stderr.write(`${line}\n`),
  });
  process.exit(code);
}
