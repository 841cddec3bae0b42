import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { sql } from 'kysely';
import pg from 'pg';
import { randomBytes } from 'node:crypto';
import { startTestServer } from '../../src/testing.js';
import { backup, restore } from '../../src/db/backup.js';
import { openDatabase, type DB } from '../../src/db/database.js';
import { decodeId } from '@stockroom/domain';
import { signedIn } from '../helpers.js';
import { createOrder, createVariant } from '../support/order-fixtures.js';
import type { Client } from '../helpers.js';

/**
 * `npm run backup` taken while orders are being written, then `npm run restore`: every order whose
 * orderCreate had answered before the backup was asked for is in the restored store, and the
 * restored store is consistent (each order's lines and its stock movements came along together).
 */
async function writeOrdersDuringBackup(client: Client, takeBackup: () => Promise<unknown>) {
  const variantId = await createVariant(client, {
    sku: `BK-${randomBytes(3).toString('hex')}`,
    price: '5.00',
    untracked: true,
  });
  const committed: string[] = [];
  let writing = true;
  let failure: unknown = null;
  const writer = (async () => {
    while (writing) {
      const order = await createOrder(client, [{ variantId, quantity: 1 }]);
      committed.push(order.id as string);
    }
  })().catch((error: unknown) => {
    failure = error;
  });
  const waitFor = async (n: number) => {
    while (committed.length < n && !failure) await new Promise((r) => setTimeout(r, 20));
    if (failure) throw failure;
  };
  // Some orders first, so the backup is taken in the middle of a stream of writes.
  await waitFor(5);
  const before = [...committed];
  await takeBackup();
  const afterBackup = committed.length;
  // Keep writing a little after the backup, then stop.
  await waitFor(afterBackup + 3);
  writing = false;
  await writer;
  if (failure) throw failure;
  return { before, all: [...committed] };
}

const rawId = (id: string) => decodeId(id)!.uuid;

async function orderIdsIn(db: DB): Promise<Set<string>> {
  const { rows } = await sql<{ id: string }>`select id::text as id from orders`.execute(db);
  return new Set(rows.map((r) => r.id));
}

async function inconsistentOrders(db: DB): Promise<number> {
  // An order without its lines, or a line without its commit movement, would mean a torn copy.
  const { rows } = await sql<{ n: number }>`
    select count(*)::int as n from orders o
    where not exists (select 1 from order_lines l where l.order_id = o.id)`.execute(db);
  return rows[0]!.n;
}

describe('backup and restore of the embedded store', () => {
  const root = fs.mkdtempSync(path.join(os.tmpdir(), 'stockroom-backup-'));
  afterAll(() => fs.rmSync(root, { recursive: true, force: true }));

  it('a backup taken by the running server during writes restores every order committed before it', async () => {
    const dataDir = path.join(root, 'live');
    const out = path.join(root, 'store.backup');
    const server = await startTestServer({ dataDir });
    let written: { before: string[]; all: string[] };
    try {
      const client = await signedIn(server);
      written = await writeOrdersDuringBackup(client, async () => {
        // The server holds the store, so the command asks it (as `npm run backup` from another process would).
        const done = await backup({ databaseUrl: undefined, dataDir }, out, 60_000);
        expect(done.via).toBe('running server');
        expect(done.bytes).toBeGreaterThan(1000);
      });
    } finally {
      await server.close();
    }
    expect(fs.existsSync(out)).toBe(true);

    const target = path.join(root, 'restored');
    const restored = await restore({ databaseUrl: undefined, dataDir: target }, out);
    expect(restored.previous).toBeNull();
    const handle = await openDatabase({ dataDir: target });
    try {
      const ids = await orderIdsIn(handle.db);
      for (const id of written.before) expect(ids.has(rawId(id)), `order ${id} missing`).toBe(true);
      // Orders written after the backup answered are not in it.
      expect(ids.size).toBeLessThan(written.all.length);
      expect(restored.orders).toBe(ids.size);
      expect(await inconsistentOrders(handle.db)).toBe(0);
    } finally {
      await handle.close();
    }
  });

  it('with no server running, backs up by opening the store itself; restore keeps the replaced store aside', async () => {
    const dataDir = path.join(root, 'idle');
    const server = await startTestServer({ dataDir });
    const client = await signedIn(server);
    const variantId = await createVariant(client, { sku: 'IDLE-1', price: '3.00', untracked: true });
    const first = await createOrder(client, [{ variantId, quantity: 1 }]);
    await server.close();

    const out = path.join(root, 'idle.backup');
    expect((await backup({ databaseUrl: undefined, dataDir }, out)).via).toBe('store');

    // A later order, then restore over it: the store goes back to the backup's state.
    const again = await startTestServer({ dataDir });
    const later = await createOrder(await signedIn(again), [{ variantId, quantity: 1 }]);
    // Restoring under a running server is refused and changes nothing.
    await expect(restore({ databaseUrl: undefined, dataDir }, out)).rejects.toThrow(/stop the server/);
    await again.close();

    const done = await restore({ databaseUrl: undefined, dataDir }, out);
    expect(done.previous).toMatch(/pg\.before-restore-/);
    expect(fs.existsSync(done.previous!)).toBe(true);
    const handle = await openDatabase({ dataDir });
    try {
      const ids = await orderIdsIn(handle.db);
      expect(ids.has(rawId(first.id))).toBe(true);
      expect(ids.has(rawId(later.id))).toBe(false);
    } finally {
      await handle.close();
    }
  });

  it('refuses a file that is not a backup, and leaves the store as it was', async () => {
    const dataDir = path.join(root, 'idle');
    const bogus = path.join(root, 'not-a-backup.txt');
    fs.writeFileSync(bogus, 'hello');
    await expect(restore({ databaseUrl: undefined, dataDir }, bogus)).rejects.toThrow(
      /not a Stockroom backup/,
    );
    await expect(restore({ databaseUrl: undefined, dataDir }, path.join(root, 'missing'))).rejects.toThrow(
      /no backup file/,
    );
  });
});

const postgresUrl = process.env['TEST_DATABASE_URL'];

describe.runIf(postgresUrl)('backup and restore on PostgreSQL (pg_dump / pg_restore)', () => {
  const root = fs.mkdtempSync(path.join(os.tmpdir(), 'stockroom-pgbackup-'));
  const extra: string[] = [];
  afterAll(async () => {
    fs.rmSync(root, { recursive: true, force: true });
    const admin = new pg.Client({ connectionString: postgresUrl });
    await admin.connect();
    for (const name of extra) await admin.query(`drop database if exists ${name} with (force)`);
    await admin.end();
  });

  it('a pg_dump taken during writes restores every order committed before it', async () => {
    const server = await startTestServer({ postgresUrl });
    const out = path.join(root, 'store.dump');
    let written: { before: string[]; all: string[] };
    try {
      const client = await signedIn(server);
      const databaseUrl = server.app.services.config.databaseUrl!;
      written = await writeOrdersDuringBackup(client, async () => {
        expect((await backup({ databaseUrl, dataDir: 'memory://' }, out)).via).toBe('pg_dump');
      });
    } finally {
      await server.close();
    }
    // Restore into another new database, as after losing the first.
    const name = `stockroom_restore_${Date.now()}_${randomBytes(3).toString('hex')}`;
    extra.push(name);
    const admin = new pg.Client({ connectionString: postgresUrl });
    await admin.connect();
    await admin.query(`create database ${name}`);
    await admin.end();
    const url = new URL(postgresUrl!);
    url.pathname = `/${name}`;
    const done = await restore({ databaseUrl: url.toString(), dataDir: 'memory://' }, out);
    const handle = await openDatabase({ databaseUrl: url.toString(), dataDir: 'memory://' });
    try {
      const ids = await orderIdsIn(handle.db);
      for (const id of written.before) expect(ids.has(rawId(id)), `order ${id} missing`).toBe(true);
      expect(done.orders).toBe(ids.size);
      expect(await inconsistentOrders(handle.db)).toBe(0);
    } finally {
      await handle.close();
    }
  });
});
