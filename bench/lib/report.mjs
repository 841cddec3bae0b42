// bench/RESULTS.json keeps the latest run of every scale; bench/RESULTS.md is written from it.
// `--compare` prints how a run moved against the one it replaces.
import fs from 'node:fs';
import path from 'node:path';
import * as prettier from 'prettier';
import { writeSpeed } from './speed.mjs';

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
  lines.push(...liveLines(run));
  return lines.join('\n');
}

/** Issue #28 §4: orderCreate with the outbox off and on, and the SSE fan-out. */
function liveLines(run) {
  const lines = [];
  const o = run.outbox;
  if (o) {
    const { off, on } = o.perOrder;
    lines.push(
      '',
      `### orderCreate with and without the outbox (${o.runs.map((r) => r.outbox).join(', ')}; ${run.writeSeconds ?? run.seconds} s each, two servers on one database, the idle one idle)`,
      '',
      '| outbox | orders/s (mean) | p50 ms | p99 ms | statements/order | Node CPU ms/order | PG CPU ms/order |',
      '|---|---:|---:|---:|---:|---:|---:|',
      `| off | ${fmt(o.offOrdersPerSecond)} | ${fmt(off.p50, 0)} | ${fmt(off.p99, 0)} | ${fmt(off.statements, 2)} | ${fmt(off.nodeCpuMs, 2)} | ${fmt(off.pgCpuMs, 2)} |`,
      `| on | ${fmt(o.onOrdersPerSecond)} | ${fmt(on.p50, 0)} | ${fmt(on.p99, 0)} | ${fmt(on.statements, 2)} | ${fmt(on.nodeCpuMs, 2)} | ${fmt(on.pgCpuMs, 2)} |`,
      '',
      `Throughput with the outbox on: ${fmt(o.dropPercent)} % lower than off (target ≤ 5 %; negative: higher). Per run: ${o.runs.map((r) => `${r.outbox} ${fmt(r.ordersPerSecond)}`).join(', ')} orders/s.`,
    );
  }
  const f = run.fanOut;
  if (f) {
    lines.push(
      '',
      `### SSE fan-out: ${f.subscribers} orderCreated streams on one server, ${f.orders} orders at ${f.rate}/s`,
      '',
      '| delivered | deliveries/s | p50 ms | p99 ms | max ms | from sending p50 / p99 ms | orderCreate p50 / p99 ms | server CPU ms/order | statements/order | RSS MB before / streams open / at most |',
      '|---:|---:|---:|---:|---:|---|---|---:|---:|---|',
      `| ${f.delivered} of ${f.expected}${f.failedOrders ? ` (${f.failedOrders} orders failed)` : ''} | ${f.deliveriesPerSecond} | ${fmt(f.p50)} | ${fmt(f.p99)} | ${fmt(f.max)} | ${fmt(f.fromSentP50)} / ${fmt(f.fromSentP99)} | ${fmt(f.orderCreateP50)} / ${fmt(f.orderCreateP99)} | ${fmt(f.nodeCpuMsPerOrder)} | ${fmt(f.statementsPerOrder)} | ${f.rssBeforeMb} / ${f.rssOpenMb} / ${f.rssMaxMb} |`,
      '',
      'Delivery latency is from the orderCreate answer (the order committed before it) to the message’s arrival at each stream; "from sending" counts from the mutation’s request instead (an upper bound). Server CPU per order is its orderCreate and every delivery of it.',
    );
  }
  return lines;
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
  await writeSpeed(all);
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
