import { describe, expect, it } from 'vitest';
import { DATABASES, useServer, type Client } from '../../helpers.js';
import { setUpCreateStore, type CreateStore } from '../../support/order-create-store.js';
import { CANCEL, createOrder, gql } from '../../support/order-fixtures.js';
import { refundOk } from '../../support/refund-fixtures.js';
import { edit } from '../../support/order-edit-fixtures.js';
import {
  CREATE as RETURN_CREATE,
  OPEN as RETURN_OPEN,
  paidShippedOrder,
  RECEIVE,
  SETTLE,
} from '../../support/return-fixtures.js';
import { pdfText } from '../../support/pdf-text.js';
import { statementsOf } from '../../support/statements.js';
import { documentYear } from '../../../src/modules/documents/invoice-year.js';

const ISSUE = `mutation($orderId: ID!, $key: String!) { invoiceIssue(orderId: $orderId, idempotencyKey: $key) {
  invoice { id number issuedAt staffName total { amount } currencyCode downloadUrl }
  userErrors { field code message } } }`;
const INVOICES = `query($id: ID!) { order(id: $id) { id version invoices { id number downloadUrl
  creditNotes { id number total { amount } downloadUrl refund { id amount { amount } } } } } }`;

/**
 * Issue #33, invoices and credit notes: gapless yearly numbering under races, one invoice per
 * order, a credit note with each refund of an invoiced order in the refund's transaction, and PDFs
 * drawn from what was issued (a re-print is the same bytes whatever changed since).
 */
describe.each(DATABASES)('invoices and credit notes on $name', ({ postgresUrl }) => {
  const ctx = useServer({ postgresUrl, config: { rateLimit: false } });
  let store: CreateStore;
  let owner: Client;
  const db = () => ctx.server.app.database.db;
  const year = () => documentYear(new Date(), 'UTC');
  const number = (n: number) => `INV-${year()}-${String(n).padStart(6, '0')}`;
  const cn = (n: number) => `CN-${year()}-${String(n).padStart(6, '0')}`;
  const issue = async (orderId: string, key: string) =>
    (await gql(owner, ISSUE, { orderId, key })).invoiceIssue;
  const lastNumber = async (kind: 'INVOICE' | 'CREDIT_NOTE') =>
    Number(
      (
        await db()
          .selectFrom('document_series')
          .select('last_number')
          .where('kind', '=', kind)
          .executeTakeFirst()
      )?.last_number ?? 0,
    );
  const download = async (path: string, cookie = owner.cookie) => {
    const res = await fetch(`${ctx.server.url}${path}`, { headers: cookie ? { cookie } : {} });
    return {
      status: res.status,
      type: res.headers.get('content-type'),
      bytes: new Uint8Array(await res.arrayBuffer()),
    };
  };
  const paidOrder = (quantity = 2) =>
    createOrder(
      owner,
      [
        { variantId: store.lamp, quantity },
        { variantId: store.card, quantity: 1 },
      ],
      {
        shippingRateId: store.standard,
        payment: { kind: 'SALE' },
      },
    );

  it('sets up a store with a 10% tax and its seller details', async () => {
    store = await setUpCreateStore(ctx.server);
    owner = store.owner;
    const shop = await gql(owner, `{ shop { timezone } }`);
    expect(shop.shop.timezone).toBe('UTC');
    const saved = await gql(
      owner,
      `mutation($input: DocumentSettingsInput!) { documentSettingsUpdate(input: $input) { userErrors { message } } }`,
      {
        input: {
          legalName: 'Lamplight Goods LLC',
          taxId: 'EIN 12-3456789',
          address: { line1: '10 Market St', city: 'Columbus', postalCode: '43004', countryCode: 'US' },
          footerNote: 'Thank you for your order.',
        },
      },
    );
    expect(saved.documentSettingsUpdate.userErrors).toEqual([]);
  });

  it('20 racing issues on 20 orders take numbers 1 to 20 of the year: no gap, no repeat', async () => {
    const orders = [];
    for (let i = 0; i < 20; i++)
      orders.push(await createOrder(owner, [{ variantId: store.card, quantity: 1 }]));
    const issued = await Promise.all(orders.map((o, i) => issue(o.id, `race-${i}`)));
    for (const r of issued) expect(r.userErrors).toEqual([]);
    const numbers = issued.map((r) => r.invoice.number).sort();
    expect(numbers).toEqual(Array.from({ length: 20 }, (_, i) => number(i + 1)));
    expect(await lastNumber('INVOICE')).toBe(20);

    // The same key again answers the first invoice; another key on an invoiced order is refused.
    const again = await issue(orders[0].id, 'race-0');
    expect(again.invoice.number).toBe(issued[0].invoice.number);
    const second = await issue(orders[0].id, 'another-key');
    expect(second.invoice).toBeNull();
    expect(second.userErrors).toEqual([
      {
        field: ['orderId'],
        code: 'TAKEN',
        message: `This order already has invoice ${issued[0].invoice.number}.`,
      },
    ]);
    // The same key for another order is a reused key, not a second invoice.
    expect((await issue(orders[1].id, 'race-0')).userErrors[0].code).toBe('IDEMPOTENCY_KEY_REUSED');
    expect(await lastNumber('INVOICE')).toBe(20);
  });

  it('refuses cancelled orders and bad ids without using a number', async () => {
    const order = await createOrder(owner, [{ variantId: store.card, quantity: 1 }]);
    expect((await gql(owner, CANCEL, { id: order.id })).orderCancel.userErrors).toEqual([]);
    const refused = await issue(order.id, 'cancelled');
    expect(refused.userErrors).toEqual([
      {
        field: ['orderId'],
        code: 'INVALID_TRANSITION',
        message: 'This order is cancelled, so it is not invoiced.',
      },
    ]);
    for (const bad of [
      'nope',
      'ord_00000000000000000000000000000000',
      'prod_0190e1b0a0b07000800000000000000a',
    ]) {
      const r = await issue(bad, `bad-${bad}`);
      expect(r.userErrors).toEqual([
        { field: ['orderId'], code: 'INVALID', message: 'This order does not exist.' },
      ]);
    }
    expect(await lastNumber('INVOICE')).toBe(20);
    const next = await createOrder(owner, [{ variantId: store.card, quantity: 1 }]);
    expect((await issue(next.id, 'after-failures')).invoice.number).toBe(number(21));
    const audit = await db()
      .selectFrom('audit_events')
      .select(['action', 'changes'])
      .where('action', '=', 'invoice.issue')
      .execute();
    expect(audit).toHaveLength(21);
  });

  it('prints the invoice from what was issued: number, seller, lines, tax per rate, totals; a re-print is the same bytes', async () => {
    const order = await paidOrder(2);
    const { invoice } = await issue(order.id, 'print-1');
    const first = await download(invoice.downloadUrl);
    expect(first.status).toBe(200);
    expect(first.type).toBe('application/pdf');
    const text = (await pdfText(first.bytes)).join('\n');

    const orderRow = await db()
      .selectFrom('orders')
      .selectAll()
      .where('number', '=', Number(order.name.replace(/\D/g, '')))
      .executeTakeFirstOrThrow();
    const lines = await db()
      .selectFrom('order_lines')
      .selectAll()
      .where('order_id', '=', orderRow.id)
      .execute();
    const money = (minor: number | string) =>
      `$${(Number(minor) / 100).toLocaleString('en-US', { minimumFractionDigits: 2 })}`;
    const taxBase =
      lines.reduce((a, l) => a + Number(l.unit_price) * l.quantity - Number(l.discount), 0) +
      Number(orderRow.shipping_total);
    expect(Number(orderRow.tax_total)).toBeGreaterThan(0);
    for (const words of [
      invoice.number,
      'Lamplight Goods LLC',
      'Tax ID: EIN 12-3456789',
      'Ada Lovelace',
      order.name,
      'SKU LAMP',
      'SKU CARD',
      `Tax 10% on ${money(taxBase)}`,
      money(orderRow.tax_total),
      money(orderRow.total),
      'Thank you for your order.',
      'Page 1 of 1',
    ])
      expect(text).toContain(words);
    expect(invoice.total.amount).toBe((Number(orderRow.total) / 100).toFixed(2));

    // Edit the order and change the settings: the invoice re-prints as it was issued.
    const fresh = (await gql(owner, INVOICES, { id: order.id })).order;
    const edited = await edit(owner, fresh, { addVariants: [{ variantId: store.card, quantity: 3 }] });
    expect(edited.userErrors).toEqual([]);
    await gql(
      owner,
      `mutation($input: DocumentSettingsInput!) { documentSettingsUpdate(input: $input) { userErrors { message } } }`,
      { input: { legalName: 'Renamed Inc', paperSize: 'LETTER', footerNote: 'Changed' } },
    );
    const again = await download(invoice.downloadUrl);
    expect(Buffer.from(again.bytes).equals(Buffer.from(first.bytes))).toBe(true);

    // The preview draws the order as it is now, with the settings as they are now, and no number.
    const preview = await download(`/documents/invoice-preview.pdf?order=${order.id}`);
    expect(preview.status).toBe(200);
    const previewText = (await pdfText(preview.bytes)).join('\n');
    expect(previewText).toContain('PREVIEW — not an invoice');
    expect(previewText).toContain('Renamed Inc');
    expect(previewText).not.toContain(invoice.number);
    await gql(
      owner,
      `mutation($input: DocumentSettingsInput!) { documentSettingsUpdate(input: $input) { userErrors { message } } }`,
      {
        input: { legalName: 'Lamplight Goods LLC', paperSize: 'A4', footerNote: 'Thank you for your order.' },
      },
    );
  });

  it('issues a credit note with each refund of an invoiced order, and none for an un-invoiced one', async () => {
    const order = await paidOrder(2);
    const { invoice } = await issue(order.id, 'credit-1');
    const before = await lastNumber('CREDIT_NOTE');
    const lines = (
      await gql(owner, `query($id: ID!) { order(id: $id) { lines { id sku } } }`, { id: order.id })
    ).order.lines;
    const lamp = lines.find((l: { sku: string }) => l.sku === 'LAMP');
    const r1 = await refundOk(owner, {
      orderId: order.id,
      lines: [{ lineId: lamp.id, quantity: 1 }],
      reason: 'Dented',
    });
    const r2 = await refundOk(owner, { orderId: order.id, shipping: '5.00' });
    // A refund that only restocks gives no money back: no credit note.
    await refundOk(owner, { orderId: order.id, lines: [{ lineId: lamp.id, quantity: 1 }], amount: '0' });

    const read = (await gql(owner, INVOICES, { id: order.id })).order;
    expect(read.invoices).toHaveLength(1);
    const notes = read.invoices[0].creditNotes;
    expect(notes.map((n: { number: string }) => n.number)).toEqual([cn(before + 1), cn(before + 2)]);
    expect(notes[0].refund.id).toBe(r1.refund.id);
    expect(notes[0].total.amount).toBe(r1.refund.amount.amount);
    expect(notes[1].refund.id).toBe(r2.refund.id);
    expect(notes[1].total.amount).toBe('5.00');
    const timeline = (
      await gql(owner, `query($id: ID!) { order(id: $id) { timeline { message } } }`, { id: order.id })
    ).order.timeline.map((e: { message: string }) => e.message);
    expect(timeline).toContain(`Invoice ${invoice.number} issued for $${invoice.total.amount}`);
    expect(timeline).toContain(
      `Credit note ${notes[1].number} issued for $5.00, crediting invoice ${invoice.number}`,
    );

    const pdf = await download(notes[0].downloadUrl);
    expect(pdf.status).toBe(200);
    const text = (await pdfText(pdf.bytes)).join('\n');
    for (const words of [
      'Credit note',
      notes[0].number,
      `Credits invoice`,
      invoice.number,
      'SKU LAMP',
      'Tax 10% on $40.00   $4.00',
      'Total credited',
      `$${r1.refund.amount.amount}`,
      'Reason: Dented',
    ])
      expect(text).toContain(words);
    expect(text).not.toContain('SKU CARD');
    const reprint = await download(notes[0].downloadUrl);
    expect(Buffer.from(reprint.bytes).equals(Buffer.from(pdf.bytes))).toBe(true);

    // No invoice, no credit note.
    const plain = await paidOrder(1);
    await refundOk(owner, { orderId: plain.id, amount: '3.00' });
    expect(await lastNumber('CREDIT_NOTE')).toBe(before + 2);
  });

  it('credits a cancel with refund of an invoiced order too', async () => {
    const order = await paidOrder(1);
    const { invoice } = await issue(order.id, 'cancel-refund');
    const before = await lastNumber('CREDIT_NOTE');
    const cancelled = await gql(owner, CANCEL, { id: order.id, refund: true });
    expect(cancelled.orderCancel.userErrors).toEqual([]);
    const read = (await gql(owner, INVOICES, { id: order.id })).order;
    expect(read.invoices[0].number).toBe(invoice.number);
    expect(read.invoices[0].creditNotes.map((n: { number: string }) => n.number)).toEqual([cn(before + 1)]);
    expect(read.invoices[0].creditNotes[0].total.amount).toBe(invoice.total.amount);
  });

  it('credits a settled return of an invoiced order with its refund', async () => {
    const order = await paidShippedOrder(owner, store.lamp, 2);
    const { invoice } = await issue(order.id, 'return-settle');
    const before = await lastNumber('CREDIT_NOTE');
    const created = (
      await gql(owner, RETURN_CREATE, {
        input: { orderId: order.id, lines: [{ orderLineId: order.lineId, quantity: 1, reason: 'UNWANTED' }] },
      })
    ).returnCreate;
    expect(created.userErrors).toEqual([]);
    const id = created.return.id;
    expect((await gql(owner, RETURN_OPEN, { id })).returnOpen.userErrors).toEqual([]);
    const returnLineId = created.return.lines[0].id;
    const received = (
      await gql(owner, RECEIVE, {
        id,
        lines: [{ returnLineId, quantity: 1, disposition: 'RESTOCK', locationId: store.main }],
        key: `receive-${id}`,
      })
    ).returnReceive;
    expect(received.userErrors).toEqual([]);
    const settled = (await gql(owner, SETTLE, { id })).returnSettle;
    expect(settled.userErrors).toEqual([]);
    const read = (await gql(owner, INVOICES, { id: order.id })).order;
    expect(read.invoices[0].number).toBe(invoice.number);
    const notes = read.invoices[0].creditNotes;
    expect(notes.map((n: { number: string }) => n.number)).toEqual([cn(before + 1)]);
    expect(notes[0].total.amount).toBe(settled.return.refund.amount.amount);
  });

  it('answers downloads: 401 signed out, 403 without ORDERS_READ, 400 for a malformed id, 404 for an unknown one', async () => {
    const [invoice] = await db().selectFrom('invoices').select('id').limit(1).execute();
    const token = (
      await gql(
        owner,
        `mutation($input: ApiTokenInput!) { apiTokenCreate(input: $input) { token userErrors { message } } }`,
        { input: { name: 'Catalog only', permissions: ['CATALOG_READ'] } },
      )
    ).apiTokenCreate.token;
    const path = `/documents/invoices/invc_${invoice!.id.replace(/-/g, '')}.pdf`;
    expect((await download(path, null)).status).toBe(401);
    const withToken = await fetch(`${ctx.server.url}${path}`, {
      headers: { authorization: `Bearer ${token}` },
    });
    expect(withToken.status).toBe(403);
    expect(((await withToken.json()) as { error: string }).error).toContain('ORDERS_READ');
    for (const [p, status] of [
      ['/documents/invoices/nope.pdf', 400],
      ['/documents/invoices/%ZZ.pdf', 400],
      [`/documents/invoices/ord_${invoice!.id.replace(/-/g, '')}.pdf`, 400],
      ['/documents/invoices/invc_00000000000000000000000000000000.pdf', 404],
      ['/documents/credit-notes/crn_00000000000000000000000000000000.pdf', 404],
      ['/documents/credit-notes/x.pdf', 400],
      ['/documents/invoice-preview.pdf', 400],
      ['/documents/invoice-preview.pdf?order=%', 400],
      ['/documents/invoice-preview.pdf?order=ord_00000000000000000000000000000000', 404],
    ] as const) {
      const res = await download(p);
      expect(res.status, p).toBe(status);
      expect(res.type, p).toContain('application/json');
    }
    expect((await download('/healthz')).status).toBe(200);
  });

  it('reads invoices of many orders in a bounded number of statements', async () => {
    // The least of three tries: a session read may expire between two requests.
    const count = async (first: number) => {
      let orders = 0;
      const n = await statementsOf(ctx.server.app.database, async () => {
        const res = await gql(
          owner,
          `query($first: Int!) { orders(first: $first) { nodes { id invoices { number creditNotes { number } } } } }`,
          { first },
        );
        orders = res.orders.nodes.length;
      });
      return { n, orders };
    };
    const few = await count(3);
    const many = await count(20);
    expect(many.orders).toBe(20);
    // The same statements for 3 orders as for 20: invoices and credit notes are loaded in batches.
    expect(many.n).toBe(few.n);
  });
});
