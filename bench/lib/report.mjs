// bench/RESULTS.json keeps the latest run of every scale; bench/RESULTS.md is written from it.
// `--compare` prints how a run moved against the one it replaces.
import fs from 'node:fs';
import path from 'node:path';
import * as prettier from 'prettier';

const jsonPath = path.resolve(import.meta.dirname, '../RESULTS.json');
const mdPath = path.resolve(import.meta.dirname, '../RESULTS.md');

export function readResults() {
  return fs.existsSync(jsonPath) ? JSON.parse(fs.readFileSync(jsonPath, 'utf8')) : { runs: {} };
}

const fmt = (x, digits = 1) => (x === null || x === undefined ? '–' : Number(x).toFixed(digits));

function table(run) {
  const lines = [
    `## ${run.label}: ${run.counts}`,
    '',
    `${run.date} · ${run.machine} · Node ${run.node} · PostgreSQL ${run.postgres} · ${run.seconds} s a run` +
      (run.seededSeconds ? ` · seeded in ${run.seededSeconds} s` : ''),
    '',
    '| Scenario | conns | req/s | raw req/s | cost × raw | p50 ms | p95 ms | p99 ms | errors | Node CPU ms/req | PG CPU ms/req | statements/req | RSS MB | raw: Node / PG CPU ms, statements |',
    '|---|---:|---:|---:|---:|---:|---:|---:|---:|---:|---:|---:|---:|---|',
  ];
  for (const s of run.scenarios) {
    for (const r of s.runs) {
      const raw = r.raw;
      lines.push(
        `| ${s.name}${s.rawSame === false ? ' (raw JSON differs!)' : ''} | ${r.connections} | ${fmt(r.rps, 0)} | ${raw ? fmt(raw.rps, 0) : '–'} | ${raw ? fmt(raw.rps / r.rps, 2) : '–'} | ${fmt(r.p50, 2)} | ${fmt(r.p95, 2)} | ${fmt(r.p99, 2)} | ${r.errors} | ${fmt(r.nodeCpuMs, 2)} | ${fmt(r.pgCpuMs, 2)} | ${fmt(r.statements, 2)} | ${r.rssMb} | ${raw ? `${fmt(raw.nodeCpuMs, 2)} / ${fmt(raw.pgCpuMs, 2)}, ${fmt(raw.statements, 2)}` : '–'} |`,
      );
    }
  }
  lines.push('', `Server RSS at most ${run.maxRssMb} MB during the run (target ≤ 300 MB).`);
  if (run.notes?.length) lines.push('', ...run.notes.map((n) => `- ${n}`));
  return lines.join('\n');
}

export async function writeResults(run) {
  const all = readResults();
  all.runs[run.label] = run;
  fs.writeFileSync(jsonPath, JSON.stringify(all, null, 2) + '\n');
  const md = [
    '# Stockroom bench results',
    '',
    'Written by `npm run bench` (bench/run.mjs) from bench/RESULTS.json: the latest run of each scale.',
    'Every read scenario is measured beside the raw baseline (bench/raw/: the same JSON from hand-written',
    'SQL over `pg` behind a bare `node:http` handler), in the same run, at 1, 16 and 64 connections, rotating',
    'through the scenario’s variable sets (pages by cursor, searches, ids); every response is checked for',
    'status, errors and its exact size. "cost × raw" = raw req/s ÷ Stockroom req/s (target ≤ 1.5 at 16',
    'connections). Latencies are per request as the client saw them (closed loop: at 16 connections',
    'p50 ≈ 16 ÷ req/s; latency targets are for 1 connection). CPU is from /proc/<pid>/stat of the server and',
    'of its PostgreSQL backends (by application_name); statements are counted in the `pg` client.',
    'Where a target is not met, bench/ANALYSIS.md shows what stands in the way (CPU profiles by layer,',
    'EXPLAIN ANALYZE) and what was tried.',
    '',
    ...Object.values(all.runs).map(table),
    '',
  ].join('\n');
  // Formatted as the repository's format check wants it (CI fails on an unformatted RESULTS.md).
  const options = (await prettier.resolveConfig(mdPath)) ?? {};
  fs.writeFileSync(mdPath, await prettier.format(md, { ...options, filepath: mdPath }));
}

/** The change of every scenario × connections against the previous run of the same label. */
export function compare(previous, run) {
  if (!previous) return `No earlier run of ${run.label} to compare with.`;
  const before = new Map(
    previous.scenarios.flatMap((s) => s.runs.map((r) => [`${s.key}@${r.connections}`, r])),
  );
  const pct = (a, b) => (a && b ? `${b >= a ? '+' : ''}${(((b - a) / a) * 100).toFixed(0)} %` : '–');
  const lines = [`Against ${previous.date}:`, ''];
  for (const s of run.scenarios) {
    for (const r of s.runs) {
      const p = before.get(`${s.key}@${r.connections}`);
      if (!p) continue;
      lines.push(
        `${s.key.padEnd(20)} ${String(r.connections).padStart(2)} conns  req/s ${fmt(p.rps, 0)} → ${fmt(r.rps, 0)} (${pct(p.rps, r.rps)})  p50 ${fmt(p.p50, 2)} → ${fmt(r.p50, 2)}  p99 ${fmt(p.p99, 2)} → ${fmt(r.p99, 2)}  stmts ${fmt(p.statements, 2)} → ${fmt(r.statements, 2)}  Node ms ${fmt(p.nodeCpuMs, 2)} → ${fmt(r.nodeCpuMs, 2)}`,
      );
    }
  }
  return lines.join('\n');
}
