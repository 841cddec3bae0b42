// One measured run: autocannon at a number of connections, rotating through a scenario's variable
// sets, every response checked (status, no "errors", the size the check pass saw for those
// variables), latencies timed per request, and the CPU, statements and memory it cost around it.
import { performance } from 'node:perf_hooks';
import autocannon from 'autocannon';
import { pgTicksBetween, sample } from './probe.mjs';

function percentile(sorted, p) {
  if (!sorted.length) return null;
  return sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))];
}

/**
 * `target`: { url, headers, bodies: string[], sizes: number[], probe } — `sizes[i]` is the byte
 * length the answer to `bodies[i]` must have.
 */
export async function measure(target, connections, seconds) {
  let next = 0;
  let bad = 0;
  let firstBad = null;
  const latencies = [];
  const before = await sample(target.probe);
  const result = await autocannon({
    url: target.url,
    connections,
    duration: seconds,
    method: 'POST',
    headers: target.headers,
    requests: [
      {
        setupRequest: (req, context) => {
          const i = next++ % target.bodies.length;
          context.i = i;
          context.t0 = performance.now();
          return { ...req, body: target.bodies[i] };
        },
        onResponse: (status, body, context) => {
          latencies.push(performance.now() - context.t0);
          const expected = target.sizes[context.i];
          if (status !== 200 || body.includes('"errors"') || Buffer.byteLength(body) !== expected) {
            bad++;
            firstBad ??= `status ${status}, ${Buffer.byteLength(body)} bytes (expected ${expected}): ${body.slice(0, 300)}`;
          }
        },
      },
    ],
  });
  const after = await sample(target.probe);
  latencies.sort((a, b) => a - b);
  const n = result.requests.total || 1;
  const round = (x) => (x === null ? null : Math.round(x * 100) / 100);
  return {
    connections,
    rps: Math.round(result.requests.average * 10) / 10,
    requests: result.requests.total,
    p50: round(percentile(latencies, 50)),
    p95: round(percentile(latencies, 95)),
    p99: round(percentile(latencies, 99)),
    errors: result.errors + result.non2xx + result.timeouts + bad,
    firstError: firstBad,
    nodeCpuMs: round(((after.nodeTicks - before.nodeTicks) * 10) / n),
    pgCpuMs: round((pgTicksBetween(before, after) * 10) / n),
    statements: round((after.statements - before.statements) / n),
    rssMb: after.rssMb,
  };
}
