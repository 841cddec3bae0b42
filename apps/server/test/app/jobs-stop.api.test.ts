import net from 'node:net';
import { afterAll, describe, expect, it } from 'vitest';
import { startTestServer } from '../../src/testing.js';
import { DATABASES } from '../helpers.js';
import { createOrder, setUpActionStore } from '../support/order-fixtures.js';
import { mailSettings } from '../support/email-fixtures.js';

/**
 * A job step that outlives the shutdown's grace (an email to an SMTP server that never answers)
 * ends after the database closed. pg-boss 10 then records its failure without waiting for it; that
 * write must not become an unhandled rejection (which ends a Node process), and nothing may touch
 * the closed pool. CI once failed on exactly this ("Cannot use a pool after calling end on the pool").
 */
describe.each(DATABASES)('stopping with a step still running ($name)', ({ postgresUrl }) => {
  const sockets: net.Socket[] = [];
  const silent = net.createServer((socket) => sockets.push(socket)); // accepts, never greets
  afterAll(async () => {
    for (const s of sockets) s.destroy();
    await new Promise<void>((r) => silent.close(() => r()));
  });

  it('lets the step end after the database closed without an unhandled rejection', async () => {
    await new Promise<void>((r) => silent.listen(0, '127.0.0.1', r));
    const { port } = silent.address() as net.AddressInfo;
    const rejections: unknown[] = [];
    const onRejection = (reason: unknown) => rejections.push(reason);
    process.on('unhandledRejection', onRejection);
    try {
      const server = await startTestServer({
        postgresUrl,
        config: {
          mail: { ...mailSettings(`smtp://127.0.0.1:${port}`), timeoutMs: 3_000 },
          shutdownTimeoutMs: 1_000,
        },
      });
      const store = await setUpActionStore(server, 5);
      await createOrder(store.owner, [{ variantId: store.lamp, quantity: 1 }], { email: 'ada@example.com' });
      // The confirmation's delivery is under way: the SMTP server has its connection.
      for (let i = 0; i < 100 && sockets.length === 0; i++) await new Promise((r) => setTimeout(r, 100));
      expect(sockets.length).toBeGreaterThan(0);
      await server.close();
      // The delivery times out (3 s) after the close; pg-boss then records the step's failure.
      await new Promise((r) => setTimeout(r, 4_500));
      expect(rejections.map(String)).toEqual([]);
    } finally {
      process.off('unhandledRejection', onRejection);
    }
  }, 60_000);
});
