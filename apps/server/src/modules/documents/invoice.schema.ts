import { encodeId, type UserError } from '@stockroom/domain';
import { listBound } from '../../graphql/cost.js';
import { auth } from '../../graphql/auth.js';
import { builder, command, UserErrorRef } from '../../graphql/builder.js';
import { MoneyRef } from '../catalog/product.schema.js';
import { OrderRef } from '../orders/order.refs.js';
import { RefundRef } from '../orders/order-refund.schema.js';
// Loading the service registers the credit-note refund hook in every server built with this schema.
import { invoiceIssue, type CreditNote, type Invoice } from './invoice.service.js';

const read = auth.permission('ORDERS_READ');

export const invoicePath = (id: string) => `/documents/invoices/${encodeId('Invoice', id)}.pdf`;
export const creditNotePath = (id: string) => `/documents/credit-notes/${encodeId('CreditNote', id)}.pdf`;

const CreditNoteRef = builder.objectRef<CreditNote & { orderId: string }>('CreditNote').implement({
  description:
    'A credit note: issued with each refund that gives money back on an invoiced order, from its own gapless yearly series; it credits the invoice with the refunded lines, shipping and tax. Its total is the refund’s amount.',
  extensions: read,
  fields: (t) => ({
    id: t.id({ resolve: (c) => encodeId('CreditNote', c.id) }),
    number: t.exposeString('number'),
    issuedAt: t.field({ type: 'DateTime', resolve: (c) => c.issuedAt }),
    staffName: t.exposeString('staffName'),
    total: t.field({
      type: MoneyRef,
      description: 'The amount credited (positive), the refund’s amount.',
      resolve: (c) => ({ minor: c.total, currencyCode: c.currencyCode }),
    }),
    currencyCode: t.exposeString('currencyCode'),
    refund: t.field({
      type: RefundRef,
      nullable: true,
      resolve: async (c, _a, ctx) =>
        (await ctx.loaders.refundsByOrderId.load(c.orderId)).find((r) => r.id === c.refundId) ?? null,
    }),
    downloadUrl: t.string({
      description: 'The PDF (a GET with your session or token); the same bytes every time.',
      resolve: (c) => creditNotePath(c.id),
    }),
  }),
});

const InvoiceRef = builder.objectRef<Invoice>('Invoice').implement({
  description:
    'An invoice: the order as it was when issued, numbered from a gapless yearly series. Its PDF is drawn from what was issued, so a re-print is identical.',
  extensions: read,
  fields: (t) => ({
    id: t.id({ resolve: (i) => encodeId('Invoice', i.id) }),
    number: t.exposeString('number'),
    issuedAt: t.field({ type: 'DateTime', resolve: (i) => i.issuedAt }),
    staffName: t.exposeString('staffName', {
      description: 'Who issued it (a staff member or an API token).',
    }),
    total: t.field({ type: MoneyRef, resolve: (i) => ({ minor: i.total, currencyCode: i.currencyCode }) }),
    currencyCode: t.exposeString('currencyCode'),
    downloadUrl: t.string({
      description: 'The PDF (a GET with your session or token); the same bytes every time.',
      resolve: (i) => invoicePath(i.id),
    }),
    creditNotes: t.field({
      type: [CreditNoteRef],
      // one per refund, and an order has at most a few
      extensions: listBound({ max: 20 }),
      resolve: async (i, _a, ctx) =>
        (await ctx.loaders.creditNotesByInvoiceId.load(i.id)).map((c) => ({ ...c, orderId: i.orderId })),
    }),
  }),
});

builder.objectField(OrderRef, 'invoices', (t) =>
  t.field({
    type: [InvoiceRef],
    description: 'The order’s invoice, once issued (at most one).',
    extensions: { ...read, ...listBound({ max: 1 }) },
    resolve: (o, _a, ctx) => ctx.loaders.invoicesByOrderId.load(o.id),
  }),
);

const InvoiceIssuePayload = builder
  .objectRef<{ invoice?: Invoice; userErrors: UserError[] }>('InvoiceIssuePayload')
  .implement({
    extensions: auth.public,
    fields: (t) => ({
      invoice: t.field({ type: InvoiceRef, nullable: true, resolve: (p) => p.invoice ?? null }),
      userErrors: t.field({ type: [UserErrorRef], resolve: (p) => p.userErrors }),
    }),
  });

builder.mutationFields((t) => ({
  invoiceIssue: t.field({
    type: InvoiceIssuePayload,
    description:
      'Issues the order’s invoice with the next number of this year’s series (the store’s time zone). One invoice per order; the same idempotency key again answers the first invoice.',
    extensions: auth.permission('ORDERS_WRITE'),
    args: {
      orderId: t.arg.id({ required: true }),
      idempotencyKey: t.arg.string({ required: true }),
    },
    resolve: (_r, args, ctx) =>
      command(ctx, async (trx) => {
        const invoice = await invoiceIssue(trx, ctx, {
          orderId: String(args.orderId),
          idempotencyKey: args.idempotencyKey,
        });
        ctx.loaders.invoicesByOrderId.clear(invoice.orderId);
        return { invoice };
      }),
  }),
}));
