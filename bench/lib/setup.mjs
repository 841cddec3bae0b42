// The bench's database (seeded once per scale, reused by later runs) and its two servers: the built
// Stockroom server and the raw baseline, each with the statement probe preloaded.
import { spawn, spawnSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import pg from 'pg';

const root = path.resolve(import.meta.dirname, '../..');
const main = process.env.BENCH_SERVER_MAIN ?? path.join(root, 'apps/server/dist/main.js');
const probe = path.join(root, 'bench/probe/statements.mjs');

/**
 * The Node flags `npm start` runs the server with (its heap limit): the bench measures the server
 * as it is shipped, memory included (issue 15 item 5). Read from package.json so the two agree.
 */
export const SERVER_NODE_FLAGS = (
  JSON.parse(fs.readFileSync(path.join(root, 'package.json'), 'utf8')).scripts.start.match(/--[\w-]+=\S+/g) ??
  []
).filter((flag) => flag.startsWith('--max-'));

/** Creates and seeds the database of a scale unless it exists; answers its URL and name. */
export async function benchDatabase({ serverUrl, prefix, scale, products, env }) {
  if (!fs.existsSync(main)) throw new Error('Build first: npm run build -w apps/server');
  const dbName = `${prefix}${scale}${products ? `_${products}p` : ''}`;
  const dbUrl = Object.assign(new URL(serverUrl), { pathname: `/${dbName}` }).toString();
  const admin = new pg.Client({ connectionString: serverUrl });
  await admin.connect();
  const exists = (await admin.query('select 1 from pg_database where datname = $1', [dbName])).rowCount > 0;
  if (!exists) await admin.query(`create database ${dbName}`);
  await admin.end();
  const run = (args) => {
    const r = spawnSync(process.execPath, [main, ...args], {
      env: { ...env, DATABASE_URL: dbUrl },
      stdio: 'inherit',
    });
    if (r.status !== 0) throw new Error(`${args[0]} failed (${r.status})`);
  };
  let seededSeconds = null;
  if (!exists) {
    console.log(`Seeding ${dbName} (once; later runs reuse it)…`);
    const started = Date.now();
    run(['seed', '--scale', scale, ...(products ? ['--products', String(products)] : [])]);
    seededSeconds = Math.round((Date.now() - started) / 1000);
    console.log(`Seeded in ${seededSeconds} s`);
  }
  return { dbName, dbUrl, seededSeconds, run };
}

async function ready(url) {
  // Up to 3 minutes: a first embedded start loads the demo store before it answers.
  for (let i = 0; i < 900; i++) {
    try {
      if ((await fetch(`${url}/readyz`)).ok) return;
    } catch {
      /* not up yet */
    }
    await new Promise((r) => setTimeout(r, 200));
  }
  throw new Error(`${url} did not come up`);
}

/** Starts a Node process with the statement probe; answers { child, url, probePort }. */
export async function startServed({ script, args = [], env, port, probePort, profileDir, nodeFlags = [] }) {
  const profile = profileDir ? ['--cpu-prof', `--cpu-prof-dir=${profileDir}`] : [];
  const child = spawn(process.execPath, [...nodeFlags, ...profile, '--import', probe, script, ...args], {
    env: { ...env, PORT: String(port), BENCH_PROBE_PORT: String(probePort) },
    stdio: ['ignore', 'ignore', 'inherit'],
  });
  const url = `http://127.0.0.1:${port}`;
  await ready(url);
  return { child, url, probePort };
}

export const paths = { root, main };
