import { userInfo } from 'node:os';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { ConfigError } from '../config.js';
import { buildServices, loadConfig } from '../modules/index.js';
import { createDatabase, migrateToLatest } from '../db/database.js';
import { AppError } from '../http/errors.js';
import { OperatorError } from '../http/operator-error.js';
import { parse, safeLine, UsageError, type Command, type OpsDeps } from './command.js';
import { ACTION_COMMANDS } from './commands/actions.js';
import { BOOK_COMMANDS } from './commands/books.js';
import { CATALOGUE_COMMANDS } from './commands/catalogue.js';
import { COMMUNITY_COMMANDS } from './commands/community.js';
import { FILE_COMMANDS } from './commands/files.js';
import { FLAGGED_DAY_COMMANDS } from './commands/flagged-days.js';
import { IDENTITY_COMMANDS } from './commands/identity.js';
import { JOB_COMMANDS } from './commands/jobs.js';
import { MAILING_COMMANDS } from './commands/mailings.js';
import { NOTICE_COMMANDS } from './commands/notices.js';
import { OPERATOR_COMMANDS } from './commands/operators.js';
import { ORDER_COMMANDS } from './commands/orders.js';
import { PAYMENT_COMMANDS } from './commands/payments.js';
import { WITHDRAWAL_COMMANDS } from './commands/withdrawals.js';
import { STORAGE_COMMANDS } from './commands/storage.js';

export { visible, type OpsDeps } from './command.js';

/**
 * The operator command line: identity and face reviews, withdrawals, private images, shipping
 * goods and physical cards, notices, the shop catalogue and community channels, the books (ledger
 * check and liabilities) and refunds of held payments. Every action records who (`--operator`)
 * and when in `operator_actions`; anything that changes data needs `--yes`. Exit codes: 0 done,
 * 1 refused or failed, 2 usage error.
 */

/** Every command, one table per area, in the order the usage text lists them. */
const COMMANDS: readonly Command[] = [
  ...IDENTITY_COMMANDS,
  ...WITHDRAWAL_COMMANDS,
  ...FILE_COMMANDS,
  ...ORDER_COMMANDS,
  ...MAILING_COMMANDS,
  ...FLAGGED_DAY_COMMANDS,
  ...NOTICE_COMMANDS,
  ...CATALOGUE_COMMANDS,
  ...COMMUNITY_COMMANDS,
  ...ACTION_COMMANDS,
  ...BOOK_COMMANDS,
  ...PAYMENT_COMMANDS,
  ...JOB_COMMANDS,
  ...OPERATOR_COMMANDS,
  ...STORAGE_COMMANDS,
];

const BY_NAME = new Map(COMMANDS.map((command) => [command.name, command]));

export const USAGE = `Stride operator commands

Usage: npm run ops -- <area> <command> [arguments] [options]

${COMMANDS.flatMap((command) => command.usage).join('\n')}

Options:
  --operator NAME  who is acting; required for every change and every look at personal data
  --yes            confirms a command that changes data; without it nothing changes
  --json           list output as JSON
  --help           this text

Exit codes: 0 done, 1 refused or failed, 2 usage error.
The database is the server's: the same environment variables (DATA_DIR, DATABASE_URL, …).`;

async function run(argv: string[], deps: OpsDeps): Promise<void> {
  const { values, positionals } = parse(argv);
  const [area, command] = positionals;
  if (values.help || !area) {
    deps.out(USAGE);
    if (!values.help) throw new UsageError('Name an area and a command.');
    return;
  }
  const route = `${area} ${command ?? ''}`.trim();
  const found = BY_NAME.get(route);
  if (!found || !command) throw new UsageError(`Unknown command "${route}".`);
  // The record names the OS user beside `--operator`, which anyone with the shell can type.
  await deps.services.audit.as({ source: `cli:${osUser()}` }, () =>
    found.run({ deps, values, positionals, area, command }),
  );
}

function osUser(): string {
  try {
    return userInfo().username;
  } catch {
    // A uid without a passwd entry (some containers).
    return `uid ${process.getuid?.() ?? 'unknown'}`;
  }
}

/** Runs one command; answers the exit code. Exported for tests, which call it with argv. */
export async function runOps(argv: string[], given: OpsDeps): Promise<number> {
  const deps: OpsDeps = {
    ...given,
    out: (line) => given.out(safeLine(line)),
    err: (line) => given.err(safeLine(line)),
  };
  try {
    await run(argv, deps);
    return 0;
  } catch (error) {
    if (error instanceof UsageError || (error as { code?: string }).code?.startsWith('ERR_PARSE_ARGS')) {
      deps.err(`${(error as Error).message}\nRun with --help for usage.`);
      return 2;
    }
    if (error instanceof OperatorError) {
      deps.err(error.message);
      return 1;
    }
    if (error instanceof AppError) {
      deps.err(`Refused: ${error.message} (code ${error.code})`);
      return 1;
    }
    deps.err(`Failed: ${error instanceof Error ? error.message : String(error)}`);
    return 1;
  }
}

async function main(): Promise<void> {
  const config = loadConfig({ ...process.env, LOG_LEVEL: 'silent' });
  const db = createDatabase(config.database);
  try {
    await migrateToLatest(db);
    const services = buildServices(config, db);
    try {
      process.exitCode = await runOps(process.argv.slice(2), {
        services,
        out: (line) => process.stdout.write(`${line}\n`),
        err: (line) => process.stderr.write(`${line}\n`),
      });
    } finally {
      services.storage.close();
    }
  } finally {
    await db.destroy();
  }
}

if (process.argv[1] && import.meta.url === pathToFileURL(path.resolve(process.argv[1])).href) {
  main().catch((error: unknown) => {
    process.stderr.write(`${error instanceof ConfigError ? error.message : String(error)}\n`);
    process.exitCode = 1;
  });
}
