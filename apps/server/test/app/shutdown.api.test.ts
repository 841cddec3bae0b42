import { Writable } from 'node:stream';
import pino from 'pino';
import { describe, expect, it } from 'vitest';
import { DATABASES, signedIn } from '../helpers.js';
import { startTestServer } from '../../src/testing.js';

/**
 * Issue 15 item 7: stopping the server while requests are running lets them finish (bounded) and
 * only then closes the database pool, so none fails with "driver has already been destroyed".
 */
const PRODUCTS = `{ products(first: 50) { nodes { id title variants { sku } } count { __typename } } }`;
const IN_FLIGHT = 12;

describe.each(DATABASES)('shutdown drains requests ($name)', ({ postgresUrl }) => {
  it('answers every request that was running when stop was called, then closes the pool', async () => {
    const lines: string[] = [];
    const sink = new Writable({
      write(chunk: Buffer, _enc, done) {
        lines.push(...chunk.toString().split('\n').filter(Boolean));
        done();
      },
    });
    const server = await startTestServer({ postgresUrl, demo: true, log: pino({ level: 'info' }, sink) });
    const client = await signedIn(server);

    let arrived = 0;
    const allArrived = new Promise<void>((resolve) =>
      server.app.server.on('request', () => {
        arrived += 1;
        if (arrived === IN_FLIGHT) resolve();
      }),
    );
    const requests = Array.from({ length: IN_FLIGHT }, () => client.request(PRODUCTS));
    await allArrived;
    const closing = server.close();
    const results = await Promise.allSettled(requests);
    await closing;

    for (const r of results) {
      expect(r.status, r.status === 'rejected' ? String(r.reason) : '').toBe('fulfilled');
      if (r.status !== 'fulfilled') continue;
      expect(r.value.status).toBe(200);
      expect(r.value.body.errors).toBeUndefined();
      expect(r.value.body.data?.['products'].nodes.length).toBeGreaterThan(0);
    }
    expect(lines.filter((l) => /destroyed/i.test(l))).toEqual([]);
    expect(lines.filter((l) => JSON.parse(l).level >= 50)).toEqual([]);
    // Once stopped, nothing is accepted any more.
    await expect(fetch(`${server.url}/healthz`)).rejects.toThrow();
  }, 120_000);
});
