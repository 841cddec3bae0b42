// README's "Speed" section, written from bench/RESULTS.json (issue #35): for each admin screen its
// server time at the largest scale measured, at one connection (what one person waits) and its cost
// beside the raw baseline at 16 connections (what a busy store pays). `npm run bench` rewrites it
// with RESULTS.md; apps/server/test/lint/readme-speed.test.ts holds README to it.
import fs from 'node:fs';
import path from 'node:path';
import * as prettier from 'prettier';

export const readmePath = path.resolve(import.meta.dirname, '../../README.md');
export const START = '<!-- speed: written by npm run bench from bench/RESULTS.json -->';
export const END = '<!-- /speed -->';

/** The screens a merchant knows, each with the bench scenario that is its main request. */
const SCREENS = [
  ['Home', 'home'],
  ['Order list', 'order-list'],
  ['Order page', 'order-detail'],
  ['Product list', 'product-list-admin'],
  ['Product page', 'product-detail'],
  ['Inventory', 'inventory-list'],
  ['Customers', 'customer-list'],
  ['Search (products)', 'product-search'],
  ['Search (customers)', 'customer-search'],
];

const ms = (x) =>
  x === null || x === undefined ? '–' : `${Number(x) < 10 ? Number(x).toFixed(1) : Math.round(x)} ms`;

/** The run of the largest scale there is (large, else medium, else the first). */
function largest(results) {
  const runs = results.runs ?? {};
  return runs['large'] ?? runs['medium'] ?? Object.values(runs)[0];
}

export function speedSection(results) {
  const run = largest(results);
  if (!run) return [START, '', 'No bench run yet: `npm run bench`.', '', END].join('\n');
  const byKey = new Map(run.scenarios.map((s) => [s.key, s]));
  const lines = [
    START,
    '',
    `Server time per screen at **${run.label}** scale (${run.counts}), measured ${run.date.slice(0, 10)} on`,
    `${run.machine}, Node ${run.node}, PostgreSQL ${run.postgres.split(' ')[0]}. p50/p95 at one connection;`,
    '"× raw" is hand-written SQL behind a bare `node:http` handler (bench/raw/) answering the same JSON,',
    'req/s ÷ req/s at 16 connections in the same run (target ≤ 1.5). Details: bench/RESULTS.md, bench/ANALYSIS.md.',
    '',
    '| Screen | p50 | p95 | × raw |',
    '| --- | ---: | ---: | ---: |',
  ];
  for (const [screen, key] of SCREENS) {
    const s = byKey.get(key);
    if (!s) {
      lines.push(`| ${screen} | – | – | – |`);
      continue;
    }
    const one = s.runs.find((r) => r.connections === 1) ?? s.runs[0];
    const busy = s.runs.find((r) => r.connections === 16);
    const ratio = busy?.raw ? (busy.raw.rps / busy.rps).toFixed(2) : '–';
    lines.push(`| ${screen} | ${ms(one.p50)} | ${ms(one.p95)} | ${ratio} |`);
  }
  const create = run.notes?.find((n) => n.startsWith('orderCreate'));
  if (create) lines.push('', `orderCreate: ${create.replace(/^orderCreate,?\s*/, '')}`);
  lines.push('', END);
  return lines.join('\n');
}

/** README with its Speed section replaced by the one `results` gives, formatted as the format check wants. */
export async function readmeWithSpeed(readme, results) {
  const from = readme.indexOf(START);
  const to = readme.indexOf(END);
  if (from < 0 || to < from) throw new Error(`README.md has no section between "${START}" and "${END}".`);
  const text = readme.slice(0, from) + speedSection(results) + readme.slice(to + END.length);
  const options = (await prettier.resolveConfig(readmePath)) ?? {};
  return prettier.format(text, { ...options, filepath: readmePath });
}

export async function writeSpeed(results) {
  fs.writeFileSync(readmePath, await readmeWithSpeed(fs.readFileSync(readmePath, 'utf8'), results));
}
