import type { Db } from '../db/client.ts';
import type { CliCommand, CliContext } from './cli-context.ts';
import { catalogueExportCommand } from './commands/catalogue-export.ts';
import { catalogueImportCommand } from './commands/catalogue-import.ts';
import { ordersCommand } from './commands/orders.ts';
import { plotsCommand } from './commands/plots.ts';
import { reportCommand } from './commands/report.ts';
import { staffCommand } from './commands/staff.ts';

/** Every `shop` subcommand. A new one is a file in commands/ and a line here. */
export const COMMANDS: readonly CliCommand[] = [
  staffCommand,
  catalogueImportCommand,
  catalogueExportCommand,
  plotsCommand,
  ordersCommand,
  reportCommand,
];

function help(): string {
  const width = Math.max(...COMMANDS.map((command) => command.name.length));
  return [
    'Usage: npm run shop -- <command> …',
    '',
    ...COMMANDS.map((command) => `  ${command.name.padEnd(width)}  ${command.summary}`),
    '',
    'Run `npm run shop -- <command> --help` for its options.',
  ].join('\n');
}

/** Runs `shop <argv>` against an open database; answers the exit code. */
export async function runShop(
  argv: string[],
  io: Omit<CliContext, 'args' | 'db'>,
  openDb: () => Promise<{ db: Db; close: () => Promise<void> }>,
): Promise<number> {
  const [name, ...args] = argv;
  const command = COMMANDS.find((candidate) => candidate.name === name);
  if (!command) {
    (name && name !== '--help' && name !== 'help' ? io.err : io.out)(help());
    return name && name !== '--help' && name !== 'help' ? 2 : 0;
  }
  if (args.includes('--help')) {
    io.out(command.usage);
    return 0;
  }
  const database = await openDb();
  try {
    return await command.run({ ...io, args, db: database.db });
  } finally {
    await database.close();
  }
}
