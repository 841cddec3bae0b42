import { describe, expect, it } from 'vitest';
import { DomainError, decodeIdOf } from '@stockroom/domain';
import { DATABASES, signedIn, useServer, type Client } from '../helpers.js';
import { inTransaction } from '../../src/lib/unit-of-work.js';
import { inventoryAdjust, inventoryTransfer } from '../../src/modules/inventory/inventory.service.js';
import { SYSTEM_ACTOR } from '../../src/actor.js';

/**
 * ARCHITECTURE §3: a command runs in one transaction, and services compose inside it. A command
 * made of two services that fails in the second must leave nothing of the first: no stock, no
 * ledger row, no audit event, no idempotency key.
 */
describe.each(DATABASES)('one transaction per command on $name', ({ postgresUrl }) => {
  const ctx = useServer({ postgresUrl });
  let client: Client;
  let variantId: string;
  let locationIds: string[];

  async function trace() {
    const db = ctx.server.app.database.db;
    const variant = decodeIdOf('ProductVariant', variantId)!;
    const levels = await db
      .selectFrom('inventory_levels')
      .select(['location_id', 'on_hand'])
      .where('variant_id', '=', variant)
      .orderBy('location_id')
      .execute();
    const movements = await db
      .selectFrom('inventory_movements')
      .select('id')
      .where('variant_id', '=', variant)
      .execute();
    const audits = await db
      .selectFrom('audit_events')
      .select('action')
      .where('subject_id', '=', variant)
      .execute();
    const keys = await db
      .selectFrom('idempotency_keys')
      .select('key')
      .where('key', 'like', 'uow-%')
      .execute();
    return {
      onHand: levels.map((l) => l.on_hand),
      movements: movements.length,
      audits: audits.map((a) => a.action).sort(),
      keys: keys.map((k) => k.key).sort(),
    };
  }

  it('sets up two locations and a variant', async () => {
    client = await signedIn(ctx.server);
    for (const name of ['North', 'South']) {
      const res = await client.request(
        `mutation($input: LocationInput!) { locationCreate(input: $input) { userErrors { message } } }`,
        { input: { name } },
      );
      expect(res.body.data?.locationCreate.userErrors).toEqual([]);
    }
    locationIds = (await client.request(`{ locations { id } }`)).body.data?.locations.map(
      (l: { id: string }) => l.id,
    );
    const product = await client.request(
      `mutation($input: ProductInput!) { productCreate(input: $input) { product { variants { id } } userErrors { message } } }`,
      {
        input: { title: 'Unit of work', variants: [{ price: '5', sku: 'UOW-1' }] },
      },
    );
    variantId = product.body.data?.productCreate.product.variants[0].id;
    expect(variantId).toBeTruthy();
  });

  it('rolls back the first service when the second fails', async () => {
    const before = await trace();
    const db = ctx.server.app.database.db;
    const run = inTransaction(db, async (trx) => {
      await inventoryAdjust(trx, SYSTEM_ACTOR, {
        reason: 'RECEIVED',
        idempotencyKey: 'uow-1',
        changes: [{ variantId, locationId: locationIds[0]!, delta: 5 }],
      });
      // Only 5 are on hand: moving 50 fails inside the same transaction.
      await inventoryTransfer(trx, SYSTEM_ACTOR, {
        variantId,
        fromLocationId: locationIds[0]!,
        toLocationId: locationIds[1]!,
        quantity: 50,
      });
    });
    await expect(run).rejects.toBeInstanceOf(DomainError);
    await expect(run).rejects.toMatchObject({ errors: [{ code: 'INSUFFICIENT_STOCK' }] });
    expect(await trace()).toEqual(before);
  });

  it('commits both services together when both succeed, and the key then replays', async () => {
    const db = ctx.server.app.database.db;
    const adjust = {
      reason: 'RECEIVED',
      idempotencyKey: 'uow-1',
      changes: [{ variantId, locationId: locationIds[0]!, delta: 5 }],
    };
    await inTransaction(db, async (trx) => {
      await inventoryAdjust(trx, SYSTEM_ACTOR, adjust);
      await inventoryTransfer(trx, SYSTEM_ACTOR, {
        variantId,
        fromLocationId: locationIds[0]!,
        toLocationId: locationIds[1]!,
        quantity: 2,
      });
    });
    const after = await trace();
    expect([...after.onHand].sort()).toEqual([2, 3]);
    expect(after.movements).toBe(3);
    expect(after.audits).toEqual(['inventory.adjust', 'inventory.transfer', 'inventory.transfer']);
    expect(after.keys).toEqual(['uow-1']);
    // The same key and input replays the first result and changes nothing more.
    await inTransaction(db, (trx) => inventoryAdjust(trx, SYSTEM_ACTOR, adjust));
    expect(await trace()).toEqual(after);
  });

  it('over HTTP, a refused mutation keeps no idempotency key, so the corrected retry runs', async () => {
    const ADJUST = `mutation($input: InventoryAdjustInput!) { inventoryAdjust(input: $input) { levels { onHand } userErrors { code field } } }`;
    const bad = await client.request(ADJUST, {
      input: {
        reason: 'CORRECTION',
        idempotencyKey: 'uow-http',
        changes: [
          { variantId, locationId: locationIds[0]!, delta: 1 },
          { variantId, locationId: locationIds[1]!, delta: 1, expectedOnHand: 999 },
        ],
      },
    });
    expect(bad.body.data?.inventoryAdjust.userErrors.map((e: { code: string }) => e.code)).toEqual([
      'STALE_VERSION',
    ]);
    const keys = await ctx.server.app.database.db
      .selectFrom('idempotency_keys')
      .select('key')
      .where('key', '=', 'uow-http')
      .execute();
    expect(keys).toEqual([]);
    const good = await client.request(ADJUST, {
      input: {
        reason: 'CORRECTION',
        idempotencyKey: 'uow-http',
        changes: [
          { variantId, locationId: locationIds[0]!, delta: 1 },
          { variantId, locationId: locationIds[1]!, delta: 1 },
        ],
      },
    });
    expect(good.body.data?.inventoryAdjust.userErrors).toEqual([]);
    expect(good.body.data?.inventoryAdjust.levels.map((l: { onHand: number }) => l.onHand)).toEqual([4, 3]);
  });

  // PGlite has one connection: two transactions cannot wait on each other there.
  it.runIf(postgresUrl)('runs a command again when PostgreSQL breaks a deadlock it was part of', async () => {
    const db = ctx.server.app.database.db;
    const [a, b] = locationIds.map((id) => decodeIdOf('Location', id)!);
    let attempts = 0;
    let bothLocked!: () => void;
    const barrier = new Promise<void>((resolve) => (bothLocked = resolve));
    let holding = 0;
    /** Locks one location, waits until the other transaction holds the other, then wants it too. */
    const crosswise = (first: string, second: string) =>
      inTransaction(db, async (trx) => {
        attempts++;
        await trx
          .updateTable('locations')
          .set({ name: (eb) => eb.ref('name') })
          .where('id', '=', first)
          .execute();
        if (++holding === 2) bothLocked();
        await Promise.race([barrier, new Promise((r) => setTimeout(r, 2000))]);
        await trx
          .updateTable('locations')
          .set({ name: (eb) => eb.ref('name') })
          .where('id', '=', second)
          .execute();
        return first;
      });
    const done = await Promise.all([crosswise(a!, b!), crosswise(b!, a!)]);
    expect(done).toEqual([a, b]);
    // One of the two was chosen as the deadlock's victim and ran a second time.
    expect(attempts).toBe(3);
  });
});
