import { afterAll, describe, expect, it } from 'vitest';
import { decodeIdOf } from '@stockroom/domain';
import { DATABASES, signedIn, useServer, type Client } from '../../helpers.js';
import {
  createOrder,
  createVariant,
  gql,
  setUpActionStore,
  type ActionStore,
} from '../../support/order-fixtures.js';
import { subscribe, type SseMessage, type SseStream } from '../../support/sse-client.js';
import { insertStaff } from '../../../src/modules/staff/staff.repository.js';
import { hashPassword } from '../../../src/modules/staff/password.js';
import { uuidv7 } from '../../../src/lib/uuid.js';
import { createDraft, DELETE_DRAFT } from '../../support/draft-fixtures.js';

const STORE_CHANGED = `subscription { storeChanged { eventId type actorName byYou version subjectType subjectId } }`;
const ORDER_TYPES = [
  'order.created',
  'order.updated',
  'order.paid',
  'order.fulfilled',
  'order.cancelled',
  'refund.created',
  'draft_order.created',
  'draft_order.updated',
  'draft_order.deleted',
  'draft_order.completed',
];
const CATALOG_TYPES = ['product.created', 'product.updated', 'product.deleted', 'inventory_level.updated'];

interface Change {
  eventId: string;
  type: string;
  subjectType: string;
  subjectId: string;
  byYou: boolean;
}

const changeOf = (m: SseMessage): Change => {
  expect(m.data?.errors).toBeUndefined();
  return m.data!.data.storeChanged as Change;
};

/** Reads changes until `done` says the list read so far is complete. */
async function readUntil(stream: SseStream, done: (seen: Change[]) => boolean): Promise<Change[]> {
  const seen: Change[] = [];
  while (!done(seen)) seen.push(changeOf(await stream.next(5_000)));
  return seen;
}

/**
 * Issue #28 §3, Home's live work queue: `storeChanged` streams changes to orders, products and
 * stock, each event only to a subscriber who may read its kind.
 */
describe.each(DATABASES)('storeChanged over SSE ($name)', ({ postgresUrl }) => {
  const ctx = useServer({ postgresUrl });
  let store: ActionStore;
  const open: SseStream[] = [];
  const sub = async (cookie: string | null) => {
    const s = await subscribe(ctx.server.url, STORE_CHANGED, {}, { cookie });
    open.push(s);
    return s;
  };
  afterAll(() => {
    for (const s of open) s.close();
  });

  async function staffWith(email: string, name: string, permissions: string[]): Promise<Client> {
    const role = await gql(
      store.owner,
      `mutation($input: RoleInput!) { roleCreate(input: $input) { role { id } userErrors { message } } }`,
      { input: { name: `${name} role`, permissions } },
    );
    expect(role.roleCreate.userErrors).toEqual([]);
    await insertStaff(
      ctx.server.app.database.db,
      {
        id: uuidv7(),
        email,
        name,
        passwordHash: await hashPassword('store-stream-pass-42'),
        state: 'ACTIVE',
      },
      [decodeIdOf('Role', role.roleCreate.role.id)!],
    );
    return signedIn(ctx.server, email, 'store-stream-pass-42');
  }

  /**
   * A stream starts listening a moment after its response begins: repeat `poke` until the stream
   * has heard one, so what follows is certainly heard (no fixed wait decides it).
   */
  async function listening(stream: SseStream, poke: () => Promise<unknown>) {
    for (;;) {
      await poke();
      const heard = await stream.next(1_000).catch(() => null);
      if (heard) return changeOf(heard);
    }
  }

  it('delivers order events only with ORDERS_READ and product and stock events only with CATALOG_READ', async () => {
    store = await setUpActionStore(ctx.server, 500);
    const orders = await staffWith('orders-only@example.com', 'Olive Orders', ['ORDERS_READ']);
    const catalog = await staffWith('catalog-only@example.com', 'Cato Catalog', ['CATALOG_READ']);
    const ownerStream = await sub(store.owner.cookie);
    const ordersStream = await sub(orders.cookie);
    const catalogStream = await sub(catalog.cookie);
    expect([ownerStream.status, ordersStream.status, catalogStream.status]).toEqual([200, 200, 200]);

    let made = 0;
    const newProduct = async (): Promise<string> => {
      const variantId = await createVariant(store.owner, { sku: `STREAM-${++made}`, price: '5.00' });
      const data = await gql(
        store.owner,
        `query($id: ID!) { node(id: $id) { ... on ProductVariant { product { id } } } }`,
        {
          id: variantId,
        },
      );
      return data.node.product.id as string;
    };
    await listening(ordersStream, () => createOrder(store.owner, [{ variantId: store.mug, quantity: 1 }]));
    await listening(catalogStream, newProduct);
    await listening(ownerStream, newProduct);

    // An order (which also commits stock), a comment on it, then a product: each stream reads up to
    // the last of these it may hear, and nothing of a kind it may not read comes before.
    const order = await createOrder(store.packer, [{ variantId: store.mug, quantity: 1 }]);
    await gql(
      store.owner,
      `mutation($id: ID!) { orderCommentAdd(id: $id, body: "Gift wrap") { userErrors { message } } }`,
      { id: order.id },
    );
    const productId = await newProduct();
    const productCreated = (seen: Change[]) =>
      seen.some((c) => c.type === 'product.created' && c.subjectId === productId);

    const forOrders = await readUntil(ordersStream, (seen) =>
      seen.some((c) => c.type === 'order.updated' && c.subjectId === order.id),
    );
    expect(forOrders.filter((c) => !ORDER_TYPES.includes(c.type))).toEqual([]);
    expect(forOrders).toContainEqual(
      expect.objectContaining({
        type: 'order.created',
        subjectType: 'Order',
        subjectId: order.id,
        byYou: false,
      }),
    );

    const forCatalog = await readUntil(catalogStream, productCreated);
    expect(forCatalog.filter((c) => !CATALOG_TYPES.includes(c.type))).toEqual([]);
    // The order's stock commitment reached the catalog reader, named as its level.
    const level = forCatalog.find((c) => c.type === 'inventory_level.updated');
    expect(level).toMatchObject({ subjectType: 'InventoryLevel', subjectId: expect.stringMatching(/^inv_/) });

    const forOwner = await readUntil(ownerStream, productCreated);
    expect(forOwner).toContainEqual(expect.objectContaining({ type: 'order.created', subjectId: order.id }));
    expect(forOwner).toContainEqual(
      expect.objectContaining({ type: 'order.updated', subjectId: order.id, byYou: true }),
    );
    expect(forOwner).toContainEqual(expect.objectContaining({ type: 'inventory_level.updated' }));
  });

  it('tells order readers, and only them, of drafts made and deleted (Home counts open drafts)', async () => {
    const orders = await staffWith('drafts-watch@example.com', 'Dora Drafts', ['ORDERS_READ']);
    const catalog = await staffWith('drafts-blind@example.com', 'Cal Blind', ['CATALOG_READ']);
    const ordersStream = await sub(orders.cookie);
    const catalogStream = await sub(catalog.cookie);
    let made = 0;
    const newDraft = async () =>
      (await createDraft(store.owner, { lines: [{ variantId: store.mug, quantity: 1 + made++ }] }))
        .id as string;
    await listening(ordersStream, newDraft);
    await listening(catalogStream, () =>
      createVariant(store.owner, { sku: `DRAFT-BLIND-${++made}`, price: '2.00' }),
    );

    const draftId = await newDraft();
    const deleted = await gql(store.owner, DELETE_DRAFT, { id: draftId });
    expect(deleted.draftOrderDelete.userErrors).toEqual([]);
    const heard = await readUntil(ordersStream, (seen) =>
      seen.some((c) => c.type === 'draft_order.deleted' && c.subjectId === draftId),
    );
    expect(heard).toContainEqual(
      expect.objectContaining({ type: 'draft_order.created', subjectType: 'DraftOrder', subjectId: draftId }),
    );
    // The catalog reader hears the next product, and no draft came before it.
    const variantId = await createVariant(store.owner, { sku: `DRAFT-BLIND-${++made}`, price: '2.00' });
    expect(variantId).toBeTruthy();
    const forCatalog = await readUntil(catalogStream, (seen) =>
      seen.some((c) => c.type === 'product.created'),
    );
    expect(forCatalog.filter((c) => c.type.startsWith('draft_order.'))).toEqual([]);
  });

  it('refuses someone who may read neither orders nor the catalog, and someone signed out', async () => {
    const neither = await staffWith('neither@example.com', 'Nell Neither', ['CUSTOMERS_READ']);
    const refused = await sub(neither.cookie);
    expect((await refused.next(3_000)).data?.errors?.[0]).toMatchObject({
      message: expect.stringContaining('ORDERS_READ or CATALOG_READ'),
      extensions: { code: 'FORBIDDEN' },
    });
    const signedOut = await sub(null);
    expect(JSON.stringify((await signedOut.next(3_000)).data)).toContain('UNAUTHENTICATED');
  });
});
