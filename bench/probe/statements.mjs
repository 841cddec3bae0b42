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
  // BENCH_PROBE_LOG=1: every statement's text on stderr, to see what a request sends.
  if (log)
    process.stderr.write(
      `[sql] ${String(args[0]?.text ?? args[0])
        .replace(/\s+/g, ' ')
        .slice(0, 400)}\n`,
    );
  return query.apply(this, args);
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
