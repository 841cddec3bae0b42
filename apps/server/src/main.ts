import { parseArgs } from 'node:util';
import { ConfigError, loadConfig, type Config } from './config.js';
import { createLogger } from './lib/logger.js';
import { startApp } from './app/app.js';
import { migrate, openDatabase } from './db/database.js';
import { bootstrap, setOwnerPassword } from './app/bootstrap.js';
import { SCALES, seed, type Scale } from './seed/seed.js';
import { printedSchema } from './app/schema.js';
import { backup, restore } from './db/backup.js';
import path from 'node:path';

const USAGE = `Usage: stockroom <command>
  start                       start the server (default)
  migrate                     apply database migrations and exit
  seed [--scale small|medium|large] [--products N]   load the demo store (N: a catalog of that size)
  create-owner --email E --password P  create the owner, or set the owner's password
  backup --out FILE           a consistent copy of the store, also while the server runs
  restore --in FILE           replace the store with a backup (stop the server first)
  print-schema                print the GraphQL schema (SDL)`;

async function withDatabase<T>(
  config: Config,
  command: string,
  run: (db: Awaited<ReturnType<typeof openDatabase>>['db']) => Promise<T>,
): Promise<T> {
  const handle = await openDatabase({
    databaseUrl: config.databaseUrl,
    dataDir: config.dataDir,
    command: `stockroom ${command}`,
  });
  try {
    await migrate(handle.db);
    await bootstrap(handle.db, 'My store');
    return await run(handle.db);
  } finally {
    await handle.close();
  }
}

async function main(argv: string[]): Promise<void> {
  const [command = 'start', ...rest] = argv;
  if (command === 'print-schema') {
    process.stdout.write(printedSchema() + '\n');
    return;
  }
  const config = loadConfig();
  const log = createLogger(config.logLevel);
  switch (command) {
    case 'start': {
      const app = await startApp(config, log, { seedScript: process.argv[1] });
      const lines = [
        `\n  Stockroom is ready at ${app.url}  (database: ${app.database.kind === 'pglite' ? `embedded, ${config.dataDir}` : 'PostgreSQL'})\n`,
      ];
      if (app.owner) {
        lines.push(`  Sign in as the owner:  ${app.owner.email}`);
        lines.push(
          app.owner.generated
            ? `  Password (shown this once; change it under Account):  ${app.owner.password}`
            : '  Password: the one in STOCKROOM_OWNER_PASSWORD',
        );
      } else {
        lines.push(
          '  Sign in with your staff account. Lost the owner password? npm run create-owner -- --email E --password P',
        );
      }
      if (app.demoStaff) {
        lines.push('\n  Demo staff, one per built-in role:');
        for (const s of app.demoStaff)
          lines.push(`    ${s.role.padEnd(16)} ${s.email.padEnd(40)} ${s.password}`);
      }
      process.stdout.write(lines.join('\n') + '\n\n');
      const stop = (signal: string) => {
        log.info({ signal }, 'shutting down');
        app.close().then(
          () => process.exit(0),
          () => process.exit(1),
        );
      };
      // A promise nobody awaited failed — pg-boss 10 records a step's end that way, and during a
      // database outage that record fails. Node would end the process; the store keeps serving, and
      // the step is retried when it expires.
      process.on('unhandledRejection', (err) => log.error({ err }, 'a background task failed unawaited'));
      process.once('SIGINT', () => stop('SIGINT'));
      process.once('SIGTERM', () => stop('SIGTERM'));
      return;
    }
    case 'migrate':
      await withDatabase(config, 'migrate', () => Promise.resolve());
      process.stdout.write('Migrations are up to date.\n');
      return;
    case 'seed': {
      const { values } = parseArgs({
        args: rest,
        options: {
          scale: { type: 'string', default: 'small' },
          products: { type: 'string' },
          json: { type: 'boolean', default: false },
        },
      });
      if (!SCALES.includes(values.scale as Scale))
        throw new Error(`--scale must be one of ${SCALES.join(', ')}, not "${values.scale}".`);
      const products = values.products === undefined ? undefined : Number(values.products);
      if (products !== undefined && !(Number.isInteger(products) && products >= 1 && products <= 1_000_000))
        throw new Error(`--products must be a whole number from 1 to 1,000,000, not "${values.products}".`);
      const result = await withDatabase(config, 'seed', (db) =>
        seed(db, config, values.scale as Scale, log, { products }),
      );
      if (values.json) {
        // For the server's first start (app/app.ts), which loads the demo store through this command.
        process.stdout.write(JSON.stringify({ staff: result.staff }) + '\n');
        return;
      }
      process.stdout.write('Demo staff, one per built-in role:\n');
      for (const s of result.staff)
        process.stdout.write(`  ${s.role.padEnd(16)} ${s.email.padEnd(40)} ${s.password}\n`);
      return;
    }
    case 'create-owner': {
      const { values } = parseArgs({
        args: rest,
        options: { email: { type: 'string' }, password: { type: 'string' } },
      });
      if (!values.email || !values.password) throw new Error('create-owner needs --email and --password.');
      const done = await withDatabase(config, 'create-owner', (db) =>
        setOwnerPassword(db, values.email!, values.password!),
      );
      process.stdout.write(
        done === 'created'
          ? `Owner ${values.email} created.\n`
          : `Password of owner ${values.email} set; their sessions ended.\n`,
      );
      return;
    }
    case 'backup': {
      const { values } = parseArgs({ args: rest, options: { out: { type: 'string' } } });
      if (!values.out) throw new Error('backup needs --out FILE, the file to write the backup to.');
      const out = fromCallerDir(values.out);
      const done = await backup(config, out);
      process.stdout.write(
        `Backup written to ${out} (${formatBytes(done.bytes)}${done.via === 'running server' ? ', taken by the running server' : ''}).\n`,
      );
      return;
    }
    case 'restore': {
      const { values } = parseArgs({ args: rest, options: { in: { type: 'string' } } });
      if (!values.in) throw new Error('restore needs --in FILE, a file written by backup.');
      const done = await restore(config, fromCallerDir(values.in));
      process.stdout.write(`Store restored: ${done.orders.toLocaleString('en-US')} orders.\n`);
      if (done.previous)
        process.stdout.write(
          `The store it replaced is kept in ${done.previous}; delete it once you are sure.\n`,
        );
      return;
    }
    default:
      throw new Error(`Unknown command "${command}".\n${USAGE}`);
  }
}

/** `npm run` changes to the project's folder; a relative file is meant from where it was typed. */
function fromCallerDir(file: string): string {
  return path.resolve(process.env['INIT_CWD'] ?? process.cwd(), file);
}

function formatBytes(bytes: number): string {
  return bytes >= 1024 * 1024 ? `${(bytes / (1024 * 1024)).toFixed(1)} MB` : `${Math.ceil(bytes / 1024)} kB`;
}

main(process.argv.slice(2)).catch((error: unknown) => {
  process.stderr.write(
    `${error instanceof ConfigError || error instanceof Error ? error.message : String(error)}\n`,
  );
  process.exit(1);
});
