import { describe, expect, it } from 'vitest';
import { decodeIdOf } from '@stockroom/domain';
import { sql } from 'kysely';
import { DATABASES, useServer } from '../../helpers.js';
import {
  CANCEL,
  COMMENT,
  createOrder,
  gql,
  MARK_PAID,
  setUpActionStore,
  type ActionStore,
} from '../../support/order-fixtures.js';
import { refundOk } from '../../support/refund-fixtures.js';
import { insertOutboxEvents } from '../../../src/modules/events/events.repository.js';
import { startRelay } from '../../../src/modules/events/relay.js';
import type { DomainEvent } from '../../../src/modules/events/events.model.js';
import { createLogger } from '../../../src/lib/logger.js';
import { EVENT_OF_AUDIT_ACTION } from '../../../src/modules/events/events.service.js';
import { DOMAIN_EVENT_TYPES } from '../../../src/modules/events/events.model.js';

/**
 * Issue #28 §2: every command writes its domain events in its own transaction (after the audit
 * event, as its last statement), with the subject's version after and who acted; a rolled-back
 * command writes none; positions follow commit order.
 */
describe.each(DATABASES)('the event outbox ($name)', ({ name, postgresUrl }) => {
  const ctx = useServer({ postgresUrl });
  let store: ActionStore;
  let ownerId: string;

  const db = () => ctx.server.app.database.db;
  /** The events written after `position`, in commit order. */
  const eventsAfter = async (position: number) =>
    db()
      .selectFrom('domain_events')
      .select([
        'position',
        'type',
        'subject_type',
        'subject_id',
        'version',
        'actor_type',
        'actor_id',
        'actor_name',
        'payload',
      ])
      .where('position', '>', position)
      .orderBy('position')
      .execute();
  const last = async () =>
    Number(
      (
        await db()
          .selectFrom('domain_events')
          .select((eb) => eb.fn.max('position').as('p'))
          .executeTakeFirst()
      )?.p ?? 0,
    );

  it('maps audit actions to the listed event types only', () => {
    const listed = new Set<string>(DOMAIN_EVENT_TYPES);
    for (const [action, type] of Object.entries(EVENT_OF_AUDIT_ACTION)) {
      expect(listed.has(type), `${action} → ${type}`).toBe(true);
    }
    expect(EVENT_OF_AUDIT_ACTION['order.create']).toBe('order.created');
    expect(EVENT_OF_AUDIT_ACTION['order.refund']).toBe('refund.created');
    expect(EVENT_OF_AUDIT_ACTION['staff.logout']).toBe('session.revoked');
  });

  it('orderCreate writes order.created (version, actor) and inventory_level.updated per level changed', async () => {
    store = await setUpActionStore(ctx.server, 5);
    ownerId = (
      await db()
        .selectFrom('staff')
        .select('id')
        .where('email', '=', ctx.server.ownerEmail)
        .executeTakeFirstOrThrow()
    ).id;
    const before = await last();
    const order = await createOrder(store.owner, [
      { variantId: store.lamp, quantity: 1 },
      { variantId: store.mug, quantity: 2 },
    ]);
    const events = await eventsAfter(before);
    const orderUuid = decodeIdOf('Order', order.id)!;
    // The buyer's email made a customer in the same command.
    expect(events.map((e) => e.type).sort()).toEqual([
      'customer.created',
      'inventory_level.updated',
      'inventory_level.updated',
      'order.created',
    ]);
    const created = events.find((e) => e.type === 'order.created')!;
    expect(created).toMatchObject({
      subject_type: 'Order',
      subject_id: orderUuid,
      version: order.version,
      actor_type: 'staff',
      actor_id: ownerId,
      actor_name: expect.any(String),
    });
    expect(created.payload).toMatchObject({ action: 'order.create' });
    // Positions of one command are consecutive: one statement numbered them.
    expect(events.map((e) => Number(e.position))).toEqual(events.map((_e, i) => before + 1 + i));
    expect(events.find((e) => e.type === 'customer.created')!.payload).toMatchObject({
      action: 'customer.create',
    });
    const levels = events.filter((e) => e.type === 'inventory_level.updated');
    expect(levels.map((e) => e.payload['variantId']).sort()).toEqual(
      [decodeIdOf('ProductVariant', store.lamp), decodeIdOf('ProductVariant', store.mug)].sort(),
    );
    for (const level of levels) {
      const row = await db()
        .selectFrom('inventory_levels')
        .select(['id', 'version'])
        .where('id', '=', level.subject_id)
        .executeTakeFirstOrThrow();
      expect(level.version).toBe(row.version);
      expect(level.subject_type).toBe('InventoryLevel');
    }
  });

  it('order commands write order.paid, order.updated, order.fulfilled, refund.created, order.cancelled', async () => {
    const order = await createOrder(store.owner, [{ variantId: store.lamp, quantity: 2 }]);
    const orderUuid = decodeIdOf('Order', order.id)!;
    const step = async (run: () => Promise<unknown>) => {
      const before = await last();
      await run();
      return (await eventsAfter(before)).filter((e) => e.subject_type === 'Order');
    };
    const paid = await step(() => gql(store.owner, MARK_PAID, { id: order.id }));
    expect(paid.map((e) => e.type)).toEqual(['order.paid']);
    expect(paid[0]).toMatchObject({ subject_id: orderUuid, actor_id: ownerId });
    const commented = await step(() => gql(store.owner, COMMENT, { id: order.id, body: 'Gift wrap' }));
    expect(commented.map((e) => e.type)).toEqual(['order.updated']);
    const fulfilled = await step(() =>
      gql(
        store.packer,
        `mutation($input: OrderFulfillInput!) { orderFulfill(input: $input) { userErrors { message } } }`,
        { input: { orderId: order.id } },
      ),
    );
    expect(fulfilled.map((e) => e.type)).toEqual(['order.fulfilled']);
    expect(fulfilled[0]!.actor_name).toBe('Pat Packer');
    const orderVersion = async () =>
      (
        await db()
          .selectFrom('orders')
          .select('version')
          .where('id', '=', orderUuid)
          .executeTakeFirstOrThrow()
      ).version;
    expect(fulfilled[0]!.version).toBe(await orderVersion());
    const refunded = await step(() =>
      refundOk(store.owner, { orderId: order.id, amount: '1.00', reason: 'Dent' }),
    );
    expect(refunded.map((e) => e.type)).toEqual(['refund.created']);
    const second = await createOrder(store.owner, [{ variantId: store.lamp, quantity: 1 }]);
    const cancelled = await step(() => gql(store.owner, CANCEL, { id: second.id, reason: 'CUSTOMER' }));
    expect(cancelled.map((e) => e.type)).toEqual(['order.cancelled']);
    expect(cancelled[0]!.version).toBe(
      (
        await db()
          .selectFrom('orders')
          .select('version')
          .where('id', '=', decodeIdOf('Order', second.id)!)
          .executeTakeFirstOrThrow()
      ).version,
    );
  });

  it('product and customer commands write their events', async () => {
    let before = await last();
    const created = await gql(
      store.owner,
      `mutation { productCreate(input: { title: "Outbox Kettle" }) { product { id version } userErrors { message } } }`,
    );
    const productId = created.productCreate.product.id;
    await gql(
      store.owner,
      `mutation($id: ID!) { productUpdate(id: $id, input: { title: "Outbox Kettle 2" }) { userErrors { message } } }`,
      { id: productId },
    );
    await gql(store.owner, `mutation($id: ID!) { productDelete(id: $id) { userErrors { message } } }`, {
      id: productId,
    });
    const productEvents = (await eventsAfter(before)).filter((e) => e.subject_type === 'Product');
    expect(productEvents.map((e) => [e.type, e.version])).toEqual([
      ['product.created', created.productCreate.product.version],
      ['product.updated', created.productCreate.product.version + 1],
      ['product.deleted', null],
    ]);
    before = await last();
    const customer = await gql(
      store.owner,
      `mutation { customerCreate(input: { email: "outbox@example.com", firstName: "Out" }) { customer { id } userErrors { message } } }`,
    );
    await gql(
      store.owner,
      `mutation($id: ID!) { customerUpdate(id: $id, input: { firstName: "Outer" }) { userErrors { message } } }`,
      { id: customer.customerCreate.customer.id },
    );
    const customerEvents = await eventsAfter(before);
    expect(customerEvents.map((e) => [e.type, e.subject_type])).toEqual([
      ['customer.created', 'Customer'],
      ['customer.updated', 'Customer'],
    ]);
    // Ids only: no email, no name in the payload.
    expect(JSON.stringify(customerEvents.map((e) => e.payload))).not.toContain('outbox@example.com');
  });

  it('a refused command (rolled back) writes no event', async () => {
    const before = await last();
    const res = await store.owner.request(
      `mutation($input: OrderCreateInput!) { orderCreate(input: $input) { order { id } userErrors { code } } }`,
      { input: { lines: [{ variantId: store.mug, quantity: 999 }], email: 'x@example.com' } },
    );
    expect(res.body.data?.orderCreate.userErrors.length).toBeGreaterThan(0);
    expect(await eventsAfter(before)).toEqual([]);
  });

  it('the relay hands every event to a consumer at least once across a crash and restart; dedupe by id makes it once', async () => {
    const log = createLogger('silent');
    const shared = name === 'postgres';
    const received: DomainEvent[] = [];
    let crash = true;
    const consumer = {
      name: 'test-consumer',
      handle: (events: DomainEvent[]) => {
        received.push(...events);
        // Handed over, then the process "dies" before the cursor is saved.
        if (crash) return Promise.reject(new Error('crash'));
        return Promise.resolve();
      },
    };
    const first = startRelay({ db: db(), shared, consumers: [consumer], log, pollMs: 50 });
    await first.drain();
    const before = await last();
    for (let i = 0; i < 3; i++) await createOrder(store.owner, [{ variantId: store.lamp, quantity: 1 }]);
    const written = (await eventsAfter(before)).map((e) => Number(e.position));
    await first.drain();
    await first.stop();
    expect(received.length).toBeGreaterThan(0);
    crash = false;
    const second = startRelay({
      db: db(),
      shared,
      consumers: [consumer],
      log,
      pollMs: 50,
    });
    await second.drain();
    await second.stop();
    const seen = new Map<string, DomainEvent>();
    for (const e of received) if (!seen.has(e.id)) seen.set(e.id, e);
    const once = [...seen.values()].map((e) => e.position).filter((p) => p > before);
    expect(once).toEqual(written);
    // Some came twice (the batch before the crash), never out of order within a delivery.
    expect(received.length).toBeGreaterThan(seen.size);
  });

  it.runIf(name === 'postgres')(
    'positions follow commit order: a writer queues behind one that numbered events and has not committed',
    async () => {
      const row = (type: string) => ({
        id: crypto.randomUUID(),
        type,
        subject_type: 'Order',
        subject_id: crypto.randomUUID(),
        version: 1,
        actor_type: 'system',
        actor_id: null,
        actor_name: null,
        payload: {},
      });
      let releaseFirst!: () => void;
      const firstHolds = new Promise<void>((resolve) => (releaseFirst = resolve));
      let firstNumbered!: () => void;
      const numbered = new Promise<void>((resolve) => (firstNumbered = resolve));
      const first = db()
        .transaction()
        .execute(async (trx) => {
          await insertOutboxEvents(trx, [row('order.updated')]);
          firstNumbered();
          await firstHolds;
        });
      await numbered;
      let secondDone = false;
      const second = db()
        .transaction()
        .execute(async (trx) => {
          await insertOutboxEvents(trx, [row('order.updated')]);
        })
        .then(() => (secondDone = true));
      await new Promise((r) => setTimeout(r, 400));
      expect(secondDone).toBe(false); // it waits for the first to commit
      const visible = await eventsAfter((await last()) - 0);
      expect(visible).toEqual([]);
      releaseFirst();
      await Promise.all([first, second]);
      const [a, b] = (
        await db()
          .selectFrom('domain_events')
          .select(['position'])
          .orderBy('position', 'desc')
          .limit(2)
          .execute()
      ).reverse();
      expect(Number(b!.position)).toBeGreaterThan(Number(a!.position));
    },
  );

  it.runIf(name === 'postgres')(
    'a reader of position > cursor misses nothing while 30 commands commit at once',
    async () => {
      let cursor = await last();
      const start = cursor;
      const seen: number[] = [];
      let writing = true;
      const reader = (async () => {
        while (writing || cursor < (await last())) {
          const rows = await eventsAfter(cursor);
          for (const r of rows) seen.push(Number(r.position));
          if (rows.length) cursor = Number(rows.at(-1)!.position);
          await sql`select 1`.execute(db());
        }
      })();
      await Promise.all(
        Array.from({ length: 30 }, (_v, i) =>
          gql(
            store.owner,
            `mutation($input: InventoryAdjustInput!) { inventoryAdjust(input: $input) { userErrors { message } } }`,
            {
              input: {
                reason: 'CORRECTION',
                changes: [
                  { variantId: i % 2 ? store.lamp : store.mug, locationId: store.warehouse, delta: 1 },
                ],
              },
            },
          ),
        ),
      );
      writing = false;
      await reader;
      const all = (await eventsAfter(start)).map((r) => Number(r.position));
      expect(all).toHaveLength(30);
      expect(seen).toEqual(all);
    },
  );
});
