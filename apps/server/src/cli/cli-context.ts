import type { Db } from '../db/client.ts';

/** What a `shop` subcommand gets: its arguments, the database, and the terminal. */
export interface CliContext {
  args: string[];
  db: Db;
  /** The shop this server serves (ORGANISATION, else the first one). */
  organisationSlug: string | undefined;
  out: (line: string) => void;
  err: (line: string) => void;
  /** Asks for a secret without echoing it (a terminal), or reads the first line of standard input. */
  readSecret: (prompt: string) => Promise<string>;
  now: () => Date;
  /** DATA_DIR: imported catalogue images go to its media/ folder (default ./data). */
  dataDir?: string;
  /** Where the user ran `npm run shop` (npm runs the workspace script in apps/server): relative file names start here. */
  cwd?: string;
}

/** One `shop <name> …` subcommand: its own file under cli/commands, one line in shop.ts. */
export interface CliCommand {
  name: string;
  summary: string;
  usage: string;
  /** The exit code: 0 done, 1 failed, 2 wrong usage. */
  run(context: CliContext): Promise<number>;
}

/** Splits `--flag value` / `--flag=value` / `--switch` from positional arguments. */
export function parseFlags(args: string[], valued: readonly string[]) {
  const flags = new Map<string, string | true>();
  const positional: string[] = [];
  for (let i = 0; i < args.length; i += 1) {
    const arg = args[i]!;
    if (!arg.startsWith('--')) {
      positional.push(arg);
      continue;
    }
    const [name, inline] = arg.slice(2).split(/=(.*)/s, 2) as [string, string | undefined];
    if (inline !== undefined) flags.set(name, inline);
    else if (valued.includes(name) && i + 1 < args.length) flags.set(name, args[++i]!);
    else flags.set(name, true);
  }
  return { flags, positional };
}
