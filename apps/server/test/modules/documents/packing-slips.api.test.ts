import { randomUUID } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { encodeId } from '@stockroom/domain';
import { DATABASES, signedIn, useServer, type Client } from '../../helpers.js';
import { createOrder, FULFILL, gql } from '../../support/order-fixtures.js';
import { refundOk } from '../../support/refund-fixtures.js';
import { pdfText } from '../../support/pdf-text.js';
import { statementsOf } from '../../support/statements.js';
import { insertStaff } from '../../../src/modules/staff/staff.repository.js';
import { hashPassword } from '../../../src/modules/staff/password.js';
import { uuidv7 } from '../../../src/lib/uuid.js';
import { decodeIdOf } from '@stockroom/domain';
import {
  download,
  pageSizes,
  setUpDocumentStore,
  stockedVariant,
  type DocumentStore,
} from '../../support/document-fixtures.js';

const SLIPS = '/documents/packing-slips.pdf';

describe.each(DATABASES)('packing slips on $name', ({ postgresUrl }) => {
  const ctx = useServer({ postgresUrl });
  let owner: Client;
  let store: DocumentStore;
  /** Lamp ×3 (1 shipped, 1 refunded before shipping) and cup ×1 (shipped) at the warehouse; mug ×2 at the shop. */
  let order: any;
  let fulfillmentId: string;
  const get = (query: string, auth: { cookie?: string | null; token?: string } = { cookie: owner.cookie }) =>
    download(`${ctx.server.url}${SLIPS}?${query}`, auth);
  const lineOf = (o: any, sku: string) => o.lines.find((l: any) => l.sku === sku).id as string;

  it('lists only what is still to ship from a location, one slip per location, or a fulfilment’s units', async () => {
    owner = await signedIn(ctx.server);
    store = await setUpDocumentStore(owner);
    order = await createOrder(
      owner,
      [
        { variantId: store.lamp, quantity: 3 },
        { variantId: store.cup, quantity: 1 },
        { variantId: store.mug, quantity: 2 },
      ],
      {
        payment: { kind: 'SALE' },
        billingAddress: {
          firstName: 'Charles',
          lastName: 'Babbage',
          line1: '5 Engine Row',
          city: 'London',
          postalCode: 'SW1A 1AA',
          countryCode: 'GB',
        },
      },
    );
    expect(order.lines.map((l: any) => `${l.sku}@${l.location.name}`)).toEqual([
      'DOC-LAMP@Warehouse',
      'DOC-CUP@Warehouse',
      'DOC-MUG@Shop',
    ]);
    const shipped = await gql(owner, FULFILL, {
      input: {
        orderId: order.id,
        locationId: store.warehouse,
        lines: [
          { lineId: lineOf(order, 'DOC-LAMP'), quantity: 1 },
          { lineId: lineOf(order, 'DOC-CUP'), quantity: 1 },
        ],
      },
    });
    expect(shipped.orderFulfill.userErrors).toEqual([]);
    fulfillmentId = shipped.orderFulfill.fulfillment.id;
    await refundOk(owner, { orderId: order.id, lines: [{ lineId: lineOf(order, 'DOC-LAMP'), quantity: 1 }] });

    const fromWarehouse = await get(`orders=${order.id}&location=${store.warehouse}`);
    expect(fromWarehouse.status, fromWarehouse.error ?? '').toBe(200);
    expect(fromWarehouse.type).toBe('application/pdf');
    const [page, ...rest] = await pdfText(fromWarehouse.bytes);
    expect(rest).toEqual([]);
    expect(page).toContain('Packing slip');
    expect(page).toContain(order.name);
    expect(page).toContain('SHIPS FROM');
    expect(page).toContain('Warehouse');
    expect(page).toContain('Brass desk lamp');
    expect(page).toContain('Large');
    expect(page).toContain('SKU DOC-LAMP');
    expect(page).toContain('4006381333931');
    expect(page).toContain('Ada Lovelace');
    expect(page).toContain('BILL TO');
    expect(page).toContain('Charles Babbage');
    // 3 ordered − 1 shipped − 1 refunded before shipping: one lamp; the shipped cup and the shop's mug are not here.
    expect(page).toMatch(/\b1 item\b/);
    expect(page).not.toContain('DOC-CUP');
    expect(page).not.toContain('DOC-MUG');
    expect(page).toContain('$40.00');

    const both = await pdfText((await get(`orders=${order.id}`)).bytes);
    expect(both).toHaveLength(2);
    expect(both[0]).toContain('DOC-LAMP');
    expect(both[0]).not.toContain('DOC-MUG');
    expect(both[1]).toContain('Shop');
    expect(both[1]).toContain('DOC-MUG');
    expect(both[1]).toMatch(/\b2 items\b/);
    expect(both[1]).toContain('$25.00');

    const shipment = await get(`fulfillment=${fulfillmentId}`);
    expect(shipment.status, shipment.error ?? '').toBe(200);
    const [parcel] = await pdfText(shipment.bytes);
    expect(parcel).toContain(`${order.name}-F1`);
    expect(parcel).toContain('DOC-LAMP');
    expect(parcel).toContain('DOC-CUP');
    expect(parcel).not.toContain('DOC-MUG');
    expect(parcel).toMatch(/\b2 items\b/);
  });

  it('hides prices when asked, and prints 4×6 labels', async () => {
    const hidden = (await pdfText((await get(`orders=${order.id}&hidePrices=true`)).bytes)).join('\n');
    expect(hidden).toContain('DOC-MUG');
    expect(hidden).not.toContain('$');
    const label = await get(`orders=${order.id}&layout=LABEL_4X6`);
    expect(label.status).toBe(200);
    expect(await pageSizes(label.bytes)).toEqual([
      [288, 432],
      [288, 432],
    ]);
    const text = (await pdfText(label.bytes)).join('\n');
    expect(text).toContain('DOC-LAMP');
    expect(text).not.toContain('$');
    const a4 = await get(`orders=${order.id}&layout=A4`);
    expect((await pageSizes(a4.bytes))[0]).toEqual([595, 842]);
  });

  it('says "Page x of y for this order" when an order runs over pages', async () => {
    const variants = [];
    for (let i = 0; i < 14; i++)
      variants.push(
        await stockedVariant(owner, {
          title: `Tea towel ${i}`,
          sku: `DOC-TOWEL-${String(i).padStart(2, '0')}`,
          price: '5.00',
          stock: { [store.warehouse]: 10 },
        }),
      );
    const long = await createOrder(
      owner,
      variants.map((variantId) => ({ variantId, quantity: 1 })),
    );
    const pages = await pdfText((await get(`orders=${long.id}`)).bytes);
    expect(pages.length).toBeGreaterThan(1);
    expect(pages[0]).toContain(`Page 1 of ${pages.length} for this order`);
    expect(pages.at(-1)).toContain('14 items');
    expect(pages.join('\n')).toContain('DOC-TOWEL-13');
  });

  it('refuses what it cannot print, in words, never a 500', async () => {
    const anonymous = await get(`orders=${order.id}`, {});
    expect(anonymous).toMatchObject({ status: 401, error: 'Sign in first.' });

    const role = await gql(
      owner,
      `mutation($input: RoleInput!) { roleCreate(input: $input) { role { id } userErrors { message } } }`,
      { input: { name: 'Catalog only', permissions: ['CATALOG_READ'] } },
    );
    await insertStaff(
      ctx.server.app.database.db,
      {
        id: uuidv7(),
        email: 'cat@example.com',
        name: 'Cat',
        passwordHash: await hashPassword('a-long-password-42'),
        state: 'ACTIVE',
      },
      [decodeIdOf('Role', role.roleCreate.role.id)!],
    );
    const cataloger = await signedIn(ctx.server, 'cat@example.com', 'a-long-password-42');
    const refused = await get(`orders=${order.id}`, { cookie: cataloger.cookie });
    expect(refused.status).toBe(403);
    expect(refused.error).toContain('ORDERS_READ');

    expect((await get('')).status).toBe(400);
    expect((await get('orders=')).status).toBe(400);
    expect((await get('orders=%ZZ')).status).toBe(400);
    const bad = await get(`orders=${order.id},nope`);
    expect(bad).toMatchObject({ status: 400 });
    expect(bad.error).toContain('"nope" is not an order id');
    expect((await get(`orders=${store.lamp}`)).error).toContain('not an order');
    const ghost = encodeId('Order', randomUUID());
    const missing = await get(`orders=${order.id},${ghost}`);
    expect(missing.status).toBe(404);
    expect(missing.error).toContain(ghost);
    const tooMany = Array.from({ length: 251 }, () => encodeId('Order', randomUUID())).join(',');
    const big = await get(`orders=${tooMany}`);
    expect(big.status).toBe(413);
    expect(big.error).toBe('This selection has 251 orders; print at most 250 at a time.');
    expect((await get(`orders=${order.id}&orders=${order.id}`)).status).toBe(400);
    expect((await get(`orders=${order.id}&colour=red`)).error).toContain('Unknown parameter');
    expect((await get(`orders=${order.id}&layout=A5`)).error).toContain('layout is one of');
    expect((await get(`orders=${order.id}&hidePrices=yes`)).status).toBe(400);
    expect((await get(`orders=${order.id}&query=x`)).status).toBe(400);
    expect((await get(`fulfillment=${fulfillmentId}&location=${store.shop}`)).status).toBe(400);
    expect((await get(`fulfillment=${encodeId('Fulfillment', randomUUID())}`)).status).toBe(404);
    expect((await get(`orders=${order.id}&location=${encodeId('Location', randomUUID())}`)).status).toBe(404);
    expect((await get(`query=${encodeURIComponent('status:nonsense')}`)).status).toBe(400);
    expect((await get(`orders=${'x'.repeat(12_000)}`)).status).toBe(400);

    // Everything of the shop's mug shipped: nothing is left there.
    await gql(owner, FULFILL, {
      input: {
        orderId: order.id,
        locationId: store.shop,
        lines: [{ lineId: lineOf(order, 'DOC-MUG'), quantity: 2 }],
      },
    });
    const none = await get(`orders=${order.id}&location=${store.shop}`);
    expect(none).toMatchObject({
      status: 409,
      error: 'Nothing is left to ship for this selection from Shop.',
    });
  });

  it('prints a search oldest first, and works with an API token holding ORDERS_READ', async () => {
    const tagged = [];
    for (let i = 0; i < 2; i++)
      tagged.push(await createOrder(owner, [{ variantId: store.mug, quantity: 1 }], { tags: ['gift-wrap'] }));
    const made = await gql(
      owner,
      `mutation($input: ApiTokenInput!) { apiTokenCreate(input: $input) { token userErrors { message } } }`,
      { input: { name: 'Packing robot', permissions: ['ORDERS_READ'] } },
    );
    const res = await get(`query=${encodeURIComponent('tag:gift-wrap')}`, {
      token: made.apiTokenCreate.token,
    });
    expect(res.status, res.error ?? '').toBe(200);
    const pages = await pdfText(res.bytes);
    expect(pages).toHaveLength(2);
    expect(pages[0]).toContain(tagged[0].name);
    expect(pages[1]).toContain(tagged[1].name);
    expect((await get(`query=tag:gift-wrap`, { token: 'srk_nope' })).status).toBe(401);
  });

  it('reads orders in batches: statements grow with batches, not with orders', async () => {
    const ids: string[] = [];
    for (let i = 0; i < 51; i++)
      ids.push((await createOrder(owner, [{ variantId: store.cup, quantity: 1 }])).id);
    const cost = (n: number) =>
      statementsOf(ctx.server.app.database, async () => {
        const res = await get(`orders=${ids.slice(0, n).join(',')}&location=${store.warehouse}`);
        expect(res.status).toBe(200);
      });
    const one = await cost(1);
    const fifty = await cost(50);
    const fiftyOne = await cost(51);
    expect(fifty).toBe(one);
    expect(fiftyOne - fifty).toBeLessThanOrEqual(2);
  });
});
