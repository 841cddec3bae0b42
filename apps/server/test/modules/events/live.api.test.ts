import { afterAll, describe, expect, it } from 'vitest';
import { DATABASES, signedIn, useServer, type Client } from '../../helpers.js';
import { createOrder, gql, setUpActionStore, type ActionStore } from '../../support/order-fixtures.js';
import { subscribe, type SseStream } from '../../support/sse-client.js';
import { decodeIdOf } from '@stockroom/domain';
import { insertStaff } from '../../../src/modules/staff/staff.repository.js';
import { hashPassword } from '../../../src/modules/staff/password.js';
import { uuidv7 } from '../../../src/lib/uuid.js';

const ORDER_CREATED = `subscription { orderCreated { eventId type actorName byYou occurredAt version order { id name } } }`;
const ORDER_UPDATED = `subscription($id: ID!) { orderUpdated(id: $id) { eventId type actorName byYou order { id lines { sku variant { sku price { amount } } } } } }`;

/**
 * Issue #28 §3 over real HTTP: subscriptions stream over SSE on /graphql (graphql-sse distinct
 * connections), through the HTTP layer, the CSRF rule, the cost plugin and the limits; each event
 * is read with the subscriber's permissions; a stream ends with its session.
 */
describe.each(DATABASES)('live updates over SSE ($name)', ({ postgresUrl }) => {
  const ctx = useServer({ postgresUrl });
  let store: ActionStore;
  const open: SseStream[] = [];
  const sub = async (...args: Parameters<typeof subscribe>) => {
    const s = await subscribe(...args);
    open.push(s);
    return s;
  };
  afterAll(() => {
    for (const s of open) s.close();
  });

  it('delivers orderCreated after an orderCreate (POST, Accept: text/event-stream)', async () => {
    store = await setUpActionStore(ctx.server, 50);
    const stream = await sub(ctx.server.url, ORDER_CREATED, {}, { cookie: store.owner.cookie });
    expect(stream.status).toBe(200);
    const order = await createOrder(store.packer, [{ variantId: store.mug, quantity: 1 }]);
    const message = await stream.next(3_000);
    expect(message.event).toBe('next');
    expect(message.data?.errors).toBeUndefined();
    expect(message.data?.data.orderCreated).toEqual({
      eventId: expect.any(String),
      type: 'order.created',
      actorName: 'Pat Packer',
      byYou: false,
      occurredAt: expect.any(String),
      version: order.version,
      order: { id: order.id, name: order.name },
    });
  });

  it('answers a GET stream too, and refuses one without the CSRF header (as a mutation is)', async () => {
    const refused = await sub(
      ctx.server.url,
      ORDER_CREATED,
      {},
      { cookie: store.owner.cookie, method: 'GET', csrf: false },
    );
    const no = await refused.next(3_000);
    expect(JSON.stringify(no.data)).toContain('CSRF_HEADER_MISSING');
    const stream = await sub(
      ctx.server.url,
      ORDER_CREATED,
      {},
      { cookie: store.owner.cookie, method: 'GET' },
    );
    expect(stream.status).toBe(200);
    await createOrder(store.owner, [{ variantId: store.mug, quantity: 1 }]);
    const message = await stream.next(3_000);
    expect(message.data?.data.orderCreated).toMatchObject({ type: 'order.created', byYou: true });
    stream.close();
  });

  it('refuses a stream to someone signed out', async () => {
    const stream = await sub(ctx.server.url, ORDER_CREATED, {}, {});
    const message = await stream.next(3_000);
    expect(JSON.stringify(message.data)).toContain('UNAUTHENTICATED');
  });

  it("reads each event with the subscriber's permissions: one without CATALOG_READ never gets the variant", async () => {
    const role = await gql(
      store.owner,
      `mutation { roleCreate(input: { name: "Order reader", permissions: [ORDERS_READ] }) { role { id } userErrors { message } } }`,
    );
    const roleUuid = decodeIdOf('Role', role.roleCreate.role.id)!;
    await insertStaff(
      ctx.server.app.database.db,
      {
        id: uuidv7(),
        email: 'reader@example.com',
        name: 'Rae Reader',
        passwordHash: await hashPassword('reading-glasses-42'),
        state: 'ACTIVE',
      },
      [roleUuid],
    );
    const reader = await signedIn(ctx.server, 'reader@example.com', 'reading-glasses-42');
    const order = await createOrder(store.owner, [{ variantId: store.mug, quantity: 1 }]);
    const ownerStream = await sub(
      ctx.server.url,
      ORDER_UPDATED,
      { id: order.id },
      { cookie: store.owner.cookie },
    );
    const readerStream = await sub(
      ctx.server.url,
      ORDER_UPDATED,
      { id: order.id },
      { cookie: reader.cookie },
    );
    await new Promise((r) => setTimeout(r, 200));
    await gql(
      store.owner,
      `mutation($id: ID!) { orderCommentAdd(id: $id, body: "Ring twice") { userErrors { message } } }`,
      {
        id: order.id,
      },
    );
    const forOwner = await ownerStream.next(3_000);
    const forReader = await readerStream.next(3_000);
    expect(forOwner.data?.data.orderUpdated).toMatchObject({
      type: 'order.updated',
      byYou: true,
      order: {
        id: order.id,
        lines: [{ sku: 'ACT-MUG', variant: { sku: 'ACT-MUG', price: { amount: '12.50' } } }],
      },
    });
    expect(forReader.data?.data.orderUpdated).toMatchObject({
      type: 'order.updated',
      byYou: false,
      order: { id: order.id, lines: [{ sku: 'ACT-MUG', variant: null }] },
    });
    ownerStream.close();
    readerStream.close();
  });

  it('reads the order afresh for every event: the second change is delivered with the second version', async () => {
    const order = await createOrder(store.owner, [{ variantId: store.mug, quantity: 1 }]);
    const query = `subscription($id: ID!) { orderUpdated(id: $id) { version order { id version note } } }`;
    const streams = [
      await sub(ctx.server.url, query, { id: order.id }, { cookie: store.owner.cookie }),
      await sub(ctx.server.url, query, { id: order.id }, { cookie: store.packer.cookie }),
    ];
    await new Promise((r) => setTimeout(r, 200));
    for (const note of ['first', 'second']) {
      await gql(
        store.owner,
        `mutation($id: ID!, $input: OrderUpdateInput!) { orderUpdate(id: $id, input: $input) { userErrors { message } } }`,
        { id: order.id, input: { note } },
      );
      for (const stream of streams) {
        const message = await stream.next(3_000);
        const live = message.data?.data.orderUpdated;
        expect(live.order.note).toBe(note);
        expect(live.order.version).toBe(live.version);
      }
    }
    for (const stream of streams) stream.close();
  });

  it('refuses the 11th stream of one staff member with a clear error', async () => {
    await ctx.server.createStaff({
      email: 'many@example.com',
      name: 'Many Tabs',
      password: 'many-tabs-open-11',
      roleKeys: ['fulfillment'],
    });
    const client: Client = await signedIn(ctx.server, 'many@example.com', 'many-tabs-open-11');
    const streams: SseStream[] = [];
    for (let i = 0; i < 10; i++) {
      const s = await sub(ctx.server.url, ORDER_CREATED, {}, { cookie: client.cookie });
      expect(s.status).toBe(200);
      streams.push(s);
    }
    await new Promise((r) => setTimeout(r, 100));
    const eleventh = await sub(ctx.server.url, ORDER_CREATED, {}, { cookie: client.cookie });
    const refusal = await eleventh.next(3_000);
    expect(refusal.data?.errors?.[0]).toMatchObject({
      message: expect.stringContaining('10 live streams open'),
      extensions: { code: 'TOO_MANY_STREAMS' },
    });
    streams[0]!.close();
    await new Promise((r) => setTimeout(r, 200));
    const again = await sub(ctx.server.url, ORDER_CREATED, {}, { cookie: client.cookie });
    await createOrder(store.owner, [{ variantId: store.mug, quantity: 1 }]);
    expect((await again.next(3_000)).data?.data.orderCreated.type).toBe('order.created');
    for (const s of [...streams, again]) s.close();
  });

  it('presence: each of two people on one order sees the other, and the other leaves when their stream ends', async () => {
    const order = await createOrder(store.owner, [{ variantId: store.mug, quantity: 1 }]);
    const PRESENCE = `subscription($id: ID!) { presence(subjectId: $id) { staffId name since } }`;
    const owner = await sub(ctx.server.url, PRESENCE, { id: order.id }, { cookie: store.owner.cookie });
    expect((await owner.next(3_000)).data?.data.presence).toEqual([]);
    const packer = await sub(ctx.server.url, PRESENCE, { id: order.id }, { cookie: store.packer.cookie });
    const packerSees = async (): Promise<string[]> => {
      for (;;) {
        const names = ((await packer.next(3_000)).data?.data.presence ?? []).map(
          (p: { name: string }) => p.name,
        );
        if (names.length) return names;
      }
    };
    expect(await packerSees()).toEqual([expect.any(String)]);
    expect((await owner.next(3_000)).data?.data.presence).toEqual([
      { staffId: expect.any(String), name: 'Pat Packer', since: expect.any(String) },
    ]);
    packer.close();
    expect((await owner.next(3_000)).data?.data.presence).toEqual([]);
    const wrong = await sub(ctx.server.url, PRESENCE, { id: 'nonsense' }, { cookie: store.owner.cookie });
    expect((await wrong.next(3_000)).data?.errors?.[0]?.message).toBe(
      'Presence is kept for an order or a product: pass its ID.',
    );
    owner.close();
  });

  it('ends the stream within 2 s when its session is revoked', async () => {
    const client = await signedIn(ctx.server, 'packer@example.com', 'packing-tape-roll-77');
    const stream = await sub(ctx.server.url, ORDER_CREATED, {}, { cookie: client.cookie });
    await new Promise((r) => setTimeout(r, 100));
    const started = Date.now();
    await gql(client, `mutation { logout { userErrors { message } } }`);
    const message = await stream.next(2_000);
    expect(message.data?.errors?.[0]).toMatchObject({ extensions: { code: 'UNAUTHENTICATED' } });
    await stream.closed;
    expect(Date.now() - started).toBeLessThan(2_000);
  });
});
