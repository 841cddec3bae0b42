// npm run bench:embedded — the embedded default's memory (ARCHITECTURE §6: "embedded default
// reported"): starts the built server on a new embedded (PGlite) store the way a first `npm start`
// does (demo store included), reads its RSS once it is ready, then runs every read scenario at 1 and
// 16 connections for BENCH_SECONDS (default 5) and reads its RSS again. GraphQL only: the raw
// baseline needs PostgreSQL. Writes the figures into bench/RESULTS.json/RESULTS.md as "embedded".
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { measure } from './lib/load.mjs';
import { rssMb } from './lib/probe.mjs';
import { writeResults } from './lib/report.mjs';
import { paths, SERVER_NODE_FLAGS, startServed } from './lib/setup.mjs';
import { readScenarios } from './scenarios/index.mjs';

const seconds = Number(process.env.BENCH_SECONDS ?? 5);
const port = Number(process.env.BENCH_PORT ?? 4795);
const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'stockroom-embedded-bench-'));
const email = 'bench-owner@example.com';
const password = 'bench-owner-password-1';
const { DATABASE_URL: _postgres, ...inherited } = process.env;
const env = {
  ...inherited,
  STOCKROOM_DATA_DIR: dataDir,
  STOCKROOM_OWNER_EMAIL: email,
  STOCKROOM_OWNER_PASSWORD: password,
  STOCKROOM_RATE_LIMIT: '0',
  LOG_LEVEL: 'warn',
};
const started = Date.now();
const server = await startServed({
  script: paths.main,
  args: ['start'],
  nodeFlags: SERVER_NODE_FLAGS,
  env,
  port,
  probePort: port + 2,
});
const firstStartSeconds = Math.round((Date.now() - started) / 1000);
const afterStart = rssMb(server.child.pid);
console.log(`First start (demo store loaded) in ${firstStartSeconds} s; RSS ${afterStart} MB`);

const headers = { 'content-type': 'application/json', 'x-stockroom-csrf': '1' };
const login = await fetch(`${server.url}/graphql`, {
  method: 'POST',
  headers,
  body: JSON.stringify({
    query: `mutation($e: String!, $p: String!) { login(email: $e, password: $p) { staff { id } } }`,
    variables: { e: email, p: password },
  }),
});
headers.cookie = login.headers.get('set-cookie').split(';')[0];
const gql = async (query, variables = {}) => {
  const res = await fetch(`${server.url}/graphql`, {
    method: 'POST',
    headers,
    body: JSON.stringify({ query, variables }),
  });
  const text = await res.text();
  return { body: JSON.parse(text), text };
};

const scenarios = [];
let maxRss = afterStart;
for (const s of await readScenarios(gql)) {
  const bodies = s.variables.map((variables) => JSON.stringify({ query: s.document, variables }));
  const sizes = [];
  for (const variables of s.variables) sizes.push(Buffer.byteLength((await gql(s.document, variables)).text));
  const runs = [];
  for (const c of [1, 16]) {
    // The embedded database runs inside the server process: its CPU is the server's.
    const probe = {
      pid: server.child.pid,
      probePort: server.probePort,
      admin: { query: async () => ({ rows: [] }) },
    };
    const r = await measure({ url: `${server.url}/graphql`, headers, bodies, sizes, probe }, c, seconds);
    maxRss = Math.max(maxRss, r.rssMb);
    runs.push({ ...r, pgCpuMs: null, raw: null });
    console.log(
      `${s.key.padEnd(20)} ${String(c).padStart(2)} conns  ${r.rps} req/s  p50 ${r.p50} p99 ${r.p99} ms  errors ${r.errors}  RSS ${r.rssMb} MB`,
    );
  }
  scenarios.push({ key: s.key, name: s.name, variableSets: s.variables.length, rawSame: null, runs });
}
server.child.kill('SIGTERM');
fs.rmSync(dataDir, { recursive: true, force: true });

const label = 'embedded (PGlite), small demo store';
const run = {
  label,
  counts: 'the demo store a first start loads',
  date: new Date().toISOString(),
  machine: `${os.cpus().length} × ${os.cpus()[0]?.model?.trim()}, ${Math.round(os.totalmem() / 2 ** 30)} GB`,
  node: process.version,
  postgres: 'PGlite (in the server process)',
  seconds,
  seededSeconds: null,
  maxRssMb: maxRss,
  scenarios,
  notes: [
    `First start with the demo store: ready in ${firstStartSeconds} s, RSS ${afterStart} MB; under the bench at most ${maxRss} MB (the database runs inside the server process, so Node CPU includes it; no raw baseline).`,
  ],
};
writeResults(run);
console.log(`Embedded: RSS ${afterStart} MB after first start, at most ${maxRss} MB under the bench.`);
