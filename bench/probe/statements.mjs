// Preloaded into the server and the raw baseline under the bench (`node --import`): counts the SQL
// statements each sends through `pg`, and answers the running total on BENCH_PROBE_PORT, so the bench
// reports statements per request for both sides without pg_stat_statements.
import http from 'node:http';
import pg from 'pg';

let statements = 0;
const log = process.env.BENCH_PROBE_LOG === '1';
const query = pg.Client.prototype.query;
pg.Client.prototype.query = function countedQuery(...args) {
  statements++;
  if (!log) return query.apply(this, args);
  // BENCH_PROBE_LOG=1: every statement's text and time (to its answer) on stderr, to see what a
  // request sends and what it waits for.
  const text = String(args[0]?.text ?? args[0])
    .replace(/\s+/g, ' ')
    .slice(0, 400);
  const started = performance.now();
  const result = query.apply(this, args);
  // `at`: when the answer came (ms since start), `pid`: the backend, to follow one transaction.
  const done = () => {
    const now = performance.now();
    process.stderr.write(
      `[sql] ${(now - started).toFixed(1)} ms at ${now.toFixed(1)} pid ${this.processID} ${text}\n`,
    );
  };
  if (result && typeof result.then === 'function') result.then(done, done);
  else done();
  return result;
};

const port = Number(process.env.BENCH_PROBE_PORT);
if (port) {
  http
    .createServer((_req, res) => res.end(JSON.stringify({ statements })))
    // A child the server starts (the demo store's seed) inherits the probe: only the first listens.
    .on('error', () => undefined)
    .listen(port, '127.0.0.1')
    .unref();
}
