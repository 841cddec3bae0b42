import { describe, expect, it } from 'vitest';
import { sql } from 'kysely';
import {
  computeOrderTotals,
  encodeId,
  fulfillmentStatus,
  paymentStatus,
  paymentSums,
  RETURN_STATUSES,
  settleReturn,
  type OrderDiscountInput,
} from '@stockroom/domain';
import type { AddressJson } from '../../../src/db/columns.js';
import { DATABASES, signedIn, useServer } from '../../helpers.js';
import { gql } from '../../support/order-fixtures.js';
import { RECEIVE, SETTLE } from '../../support/return-fixtures.js';

// The demo store's orders must be indistinguishable from orders the commands made: stock, money,
// statuses and customer figures all agree with the rows, at the end and at every moment before.
describe.each(DATABASES)('demo orders on $name', ({ postgresUrl }) => {
  const ctx = useServer({ postgresUrl, demo: true });
  const db = () => ctx.server.app.database.db;
  const rows = async <T>(query: ReturnType<typeof sql<T>>) => (await query.execute(db())).rows;

  it('seeds about 2,000 orders in every state, with guests, tags, notes and shipping lines from the rates', async () => {
    const [sizes] = await rows<Record<string, number>>(sql`
      select count(*)::int as orders,
        count(*) filter (where customer_id is null)::int as guests,
        count(*) filter (where note is not null)::int as notes,
        count(*) filter (where 'wholesale' = any(tags))::int as wholesale,
        count(*) filter (where 'gift' = any(tags))::int as gift,
        count(*) filter (where 'priority' = any(tags))::int as priority,
        count(*) filter (where source <> 'DEMO')::int as not_demo,
        count(*) filter (where created_at > now() or created_at < now() - interval '121 days')::int as out_of_range,
        count(*) filter (where shipping_rate_id is not null and not exists (
          select 1 from shipping_rates r where r.id = o.shipping_rate_id and r.name = o.shipping_name))::int as bad_rate,
        (select avg(n) from (select count(*) as n from order_lines group by order_id) x)::float as lines_per_order
      from orders o`);
    expect(sizes!.orders).toBeGreaterThan(1900);
    expect(sizes!.orders).toBeLessThanOrEqual(2100);
    expect(sizes!.guests).toBeGreaterThan(50);
    expect(sizes!.notes).toBeGreaterThan(50);
    for (const tag of ['wholesale', 'gift', 'priority']) expect(sizes![tag]).toBeGreaterThan(10);
    expect(sizes).toMatchObject({ not_demo: 0, out_of_range: 0, bad_rate: 0 });
    expect(sizes!.lines_per_order).toBeGreaterThan(2);
    expect(sizes!.lines_per_order).toBeLessThan(3.2);

    const states = await rows<{ s: string; n: number }>(sql`
      select s, count(*)::int as n from (
        select status as s from orders union all select payment_status from orders
        union all select fulfillment_status from orders) x group by s`);
    const seen = Object.fromEntries(states.map((r) => [r.s, r.n]));
    for (const s of [
      'OPEN',
      'CLOSED',
      'CANCELLED',
      'PENDING',
      'AUTHORIZED',
      'PAID',
      'PARTIALLY_PAID',
      'VOIDED',
    ])
      expect(seen[s], s).toBeGreaterThan(0);
    for (const s of ['UNFULFILLED', 'PARTIALLY_FULFILLED', 'FULFILLED'])
      expect(seen[s], s).toBeGreaterThan(0);
    // Older finished orders are mostly archived.
    const [old] = await rows<{ closed: number; finished: number }>(sql`
      select count(*) filter (where status = 'CLOSED')::int as closed, count(*)::int as finished from orders
      where status <> 'CANCELLED' and fulfillment_status = 'FULFILLED' and payment_status = 'PAID'
        and created_at < now() - interval '30 days'`);
    expect(old!.closed / old!.finished).toBeGreaterThan(0.8);
    const [seq] = await rows<{ last: number; max: number }>(
      sql`select (select last_value from order_number_seq)::int as last, (select max(number) from orders)::int as max`,
    );
    expect(seq!.last).toBe(seq!.max);
  });

  it('keeps the stock ledger, the levels and the open orders in agreement, never oversold', async () => {
    const [ledger] = await rows<{ off: number; levels: number }>(sql`
      select count(*) filter (where l.on_hand <> coalesce(m.on_hand, 0) or l.committed <> coalesce(m.committed, 0))::int as off,
        count(*)::int as levels
      from inventory_levels l left join (
        select variant_id, location_id, sum(on_hand_delta) as on_hand, sum(committed_delta) as committed
        from inventory_movements group by 1, 2) m on m.variant_id = l.variant_id and m.location_id = l.location_id`);
    expect(ledger).toMatchObject({ off: 0 });
    const [commitments] = await rows<{ off: number; committed: number }>(sql`
      with open_units as (
        select ol.variant_id, ol.location_id,
          sum(greatest(0, ol.quantity - ol.fulfilled_quantity - ol.refunded_quantity)) as units
        from order_lines ol join orders o on o.id = ol.order_id
        where o.status <> 'CANCELLED' and ol.location_id is not null group by 1, 2)
      select count(*) filter (where coalesce(l.committed, 0) <> coalesce(u.units, 0))::int as off,
        coalesce(sum(l.committed), 0)::int as committed
      from inventory_levels l full join open_units u on u.variant_id = l.variant_id and u.location_id = l.location_id`);
    expect(commitments!.off).toBe(0);
    expect(commitments!.committed).toBeGreaterThan(0);
    // At the end and at every moment of the history: the quantities after each movement, in order.
    const [history] = await rows<Record<string, number>>(sql`
      select count(*) filter (where committed_after < 0)::int as negative_committed,
        count(*) filter (where not allow_backorder and committed_after > on_hand_after)::int as oversold,
        count(*) filter (where created_at > now())::int as future,
        count(*) filter (where on_hand_after <> on_hand_sum or committed_after <> committed_sum)::int as wrong_after
      from (
        select m.*, v.allow_backorder, sum(m.on_hand_delta) over w as on_hand_sum,
          sum(m.committed_delta) over w as committed_sum
        from inventory_movements m join product_variants v on v.id = m.variant_id
        window w as (partition by m.variant_id, m.location_id order by m.created_at, m.id rows unbounded preceding)
      ) x`);
    expect(history).toEqual({ negative_committed: 0, oversold: 0, future: 0, wrong_after: 0 });
    const [stock] = await rows<{ oversold: number; sellable: number; reasons: string[] }>(sql`
      select count(*) filter (where not v.allow_backorder and l.committed > l.on_hand)::int as oversold,
        count(distinct l.variant_id) filter (where l.on_hand - l.committed >= 5)::int as sellable,
        (select array_agg(distinct reason order by reason) from inventory_movements
          where reason like 'ORDER%' or reason = 'FULFILLED') as reasons
      from inventory_levels l join product_variants v on v.id = l.variant_id`);
    expect(stock!.oversold).toBe(0);
    // Plenty left for people trying the demo.
    expect(stock!.sellable).toBeGreaterThan(800);
    expect(stock!.reasons).toEqual(['FULFILLED', 'ORDER_COMMITTED', 'ORDER_RELEASED']);
    // Each product's units available (the product list's figure and sort) agree with its levels.
    const [totals] = await rows<{ off: number; products: number }>(sql`
      select count(*) filter (where ps.total_available is distinct from s.available)::int as off, count(*)::int as products
      from products p left join product_stock ps on ps.product_id = p.id left join (
        select v.product_id, coalesce(sum(l.on_hand - l.committed), 0)::int as available
        from product_variants v left join inventory_levels l on l.variant_id = v.id
        where v.track_inventory group by v.product_id) s on s.product_id = p.id`);
    expect(totals).toMatchObject({ off: 0 });
    expect(totals!.products).toBeGreaterThan(100);
  });

  it('stores totals computeOrderTotals gives and statuses the domain rules derive from the rows', async () => {
    const d = db();
    const settings = await d.selectFrom('store_settings').selectAll().executeTakeFirstOrThrow();
    const taxRates = await d.selectFrom('tax_rates').selectAll().execute();
    const orders = await d.selectFrom('orders').selectAll().orderBy('number').execute();
    const lines = await d.selectFrom('order_lines').selectAll().orderBy('position').execute();
    const txns = await d.selectFrom('order_transactions').selectAll().orderBy('created_at').execute();
    const shipped = await rows<{ order_line_id: string; q: number }>(sql`
      select fl.order_line_id, sum(fl.quantity)::int as q from fulfillment_lines fl
      join fulfillments f on f.id = fl.fulfillment_id where f.status = 'SUCCESS' group by 1`);
    const shippedOf = new Map(shipped.map((s) => [s.order_line_id, s.q]));
    const by = <T extends { order_id: string }>(items: T[]) => {
      const map = new Map<string, T[]>();
      for (const i of items) map.set(i.order_id, [...(map.get(i.order_id) ?? []), i]);
      return map;
    };
    const linesOf = by(lines);
    const txnsOf = by(txns);
    const taxRateOf = (place: AddressJson | null) => {
      if (!place?.countryCode) return null;
      const of = taxRates.filter((r) => r.country_code.trim() === place.countryCode);
      const region = (place.region ?? '').toLowerCase();
      const rate = of.find((r) => region && r.region?.toLowerCase() === region) ?? of.find((r) => !r.region);
      return rate ? String(rate.rate) : null;
    };
    // Codes as they were used: kind and value, and the products each applies to.
    const discounts = new Map((await d.selectFrom('discounts').selectAll().execute()).map((x) => [x.id, x]));
    const [targets] = await rows<{ pairs: [string, string][] }>(sql`
      select coalesce(json_agg(json_build_array(t.discount_id, t.product_id)), '[]') as pairs from (
        select discount_id, product_id from discount_products union
        select dc.discount_id, cp.product_id from discount_collections dc
          join collection_products cp on cp.collection_id = dc.collection_id) t`);
    const appliesTo = (discountId: string, productId: string | null) =>
      discounts.get(discountId)!.applies_to === 'ALL' ||
      targets!.pairs.some(([dId, pId]) => dId === discountId && pId === productId);
    const discountOf = (o: (typeof orders)[number], ls: typeof lines): OrderDiscountInput | null => {
      const x = o.discount_id ? discounts.get(o.discount_id) : null;
      if (!x) return null;
      const eligible = ls.map((l) => appliesTo(x.id, l.product_id));
      if (x.kind === 'PERCENTAGE')
        return { kind: 'PERCENTAGE', value: String(Number(x.percentage)), eligible };
      if (x.kind === 'FIXED_AMOUNT') return { kind: 'FIXED_AMOUNT', value: Number(x.amount), eligible };
      return { kind: 'FREE_SHIPPING', eligible };
    };
    let checked = 0;
    for (const o of orders) {
      const all = linesOf.get(o.id) ?? [];
      // Lines an exchange added later (issue #31) are priced and taxed on their own, at the rate of
      // the day (the demo's rates never change), with no code: they come on top of the placed order.
      const ls = all.filter((l) => l.return_id === null);
      const added = all.filter((l) => l.return_id !== null);
      const taxRate = taxRateOf(o.shipping_address ?? o.billing_address ?? settings.address);
      const extra = added.map((l) => {
        const one = computeOrderTotals({
          discount: null,
          currencyCode: o.currency_code.trim(),
          lines: [{ unitPrice: Number(l.unit_price), quantity: l.quantity, taxable: l.taxable }],
          shippingPrice: 0,
          taxRate,
          pricesIncludeTax: o.prices_include_tax,
        });
        expect(Number(l.tax), `exchange line of order ${o.number}`).toBe(one.lines[0]!.tax);
        return one;
      });
      const plus = (pick: (t: (typeof extra)[number]) => number) => extra.reduce((n, t) => n + pick(t), 0);
      const totals = computeOrderTotals({
        discount: discountOf(o, ls),
        currencyCode: o.currency_code.trim(),
        lines: ls.map((l) => ({ unitPrice: Number(l.unit_price), quantity: l.quantity, taxable: l.taxable })),
        shippingPrice: Number(o.shipping_price),
        taxRate: taxRateOf(o.shipping_address ?? o.billing_address ?? settings.address),
        pricesIncludeTax: o.prices_include_tax,
      });
      expect(
        [o.subtotal, o.shipping_total, o.tax_total, o.discount_total, o.total, o.shipping_tax].map(Number),
        `order ${o.number}`,
      ).toEqual([
        totals.subtotal + plus((t) => t.subtotal),
        totals.shippingTotal,
        totals.taxTotal + plus((t) => t.taxTotal),
        totals.discountTotal,
        totals.total + plus((t) => t.total),
        totals.shippingTax,
      ]);
      expect(ls.map((l) => [Number(l.tax), Number(l.discount)])).toEqual(
        totals.lines.map((t) => [t.tax, t.discount]),
      );
      expect(o.items_count).toBe(all.reduce((n, l) => n + l.quantity, 0));
      for (const l of all) expect(l.fulfilled_quantity).toBe(shippedOf.get(l.id) ?? 0);
      const sums = paymentSums(
        (txnsOf.get(o.id) ?? []).map((t) => ({ kind: t.kind, status: t.status, amount: Number(t.amount) })),
      );
      expect([
        o.payment_status,
        o.fulfillment_status,
        Number(o.total_paid),
        Number(o.total_refunded),
      ]).toEqual([
        // What is payable: the total less the return credit applied to exchanged items.
        paymentStatus({ ...sums, total: Number(o.total) - Number(o.exchange_credit) }),
        fulfillmentStatus(
          all.map((l) => ({
            quantity: l.quantity,
            fulfilledQuantity: l.fulfilled_quantity,
            refundedQuantity: l.refunded_quantity,
          })),
        ),
        sums.captured,
        sums.refunded,
      ]);
      // Captures never exceed what was authorized; a cancelled order shipped nothing.
      const captured = (txnsOf.get(o.id) ?? [])
        .filter((t) => t.kind === 'CAPTURE')
        .reduce((n, t) => n + Number(t.amount), 0);
      expect(captured).toBeLessThanOrEqual(sums.authorized - sums.voided);
      if (o.status === 'CANCELLED') expect(o.fulfillment_status).toBe('UNFULFILLED');
      if (o.status === 'CLOSED') {
        expect(o.fulfillment_status).toBe('FULFILLED');
        expect(['PAID', 'PARTIALLY_REFUNDED', 'REFUNDED']).toContain(o.payment_status);
      }
      checked++;
    }
    expect(checked).toBe(orders.length);
  });

  it('has refunds made by the refund command and open drafts, consistent with their orders', async () => {
    const [r] = await rows<Record<string, number>>(sql`
      select (select count(*) from refunds)::int as refunds,
        (select count(*) from orders where payment_status = 'REFUNDED')::int as refunded,
        (select count(*) from orders where payment_status = 'PARTIALLY_REFUNDED')::int as partly,
        (select count(*) from inventory_movements where reason = 'RESTOCKED')::int as restocked,
        (select count(*) from draft_orders where status = 'OPEN')::int as drafts,
        (select count(*) from draft_order_lines where custom)::int as custom_lines,
        (select count(*) from refunds r join orders o on o.id = r.order_id
          where (select coalesce(sum(amount), 0) from refunds x where x.order_id = o.id) <> o.total_refunded)::int as off`);
    expect(r!.refunds).toBeGreaterThan(5);
    expect(r!.refunded).toBeGreaterThan(0);
    expect(r!.partly).toBeGreaterThan(0);
    expect(r!.restocked).toBeGreaterThan(0);
    expect(r!.drafts).toBe(5);
    expect(r!.custom_lines).toBe(1);
    expect(r!.off).toBe(0);
  });

  it('has a dozen codes in every status, used on orders exactly as often as they count', async () => {
    const statuses = await rows<{ status: string; n: number }>(sql`
      select case when disabled_at is not null then 'DISABLED'
          when (ends_at is not null and ends_at <= now()) or (usage_limit is not null and usage_count >= usage_limit) then 'EXPIRED'
          when starts_at > now() then 'SCHEDULED' else 'ACTIVE' end as status, count(*)::int as n
      from discounts group by 1 order by 1`);
    expect(statuses.map((s) => s.status)).toEqual(['ACTIVE', 'DISABLED', 'EXPIRED', 'SCHEDULED']);
    expect(statuses.reduce((n, s) => n + s.n, 0)).toBeGreaterThanOrEqual(12);
    const [usage] = await rows<{ off: number; used: number; orders: number }>(sql`
      select count(*) filter (where d.usage_count <> (select count(*) from orders o
          where o.discount_id = d.id and o.status <> 'CANCELLED'))::int as off,
        count(*) filter (where d.usage_count > 0)::int as used,
        (select count(*) from orders where discount_id is not null)::int as orders
      from discounts d`);
    expect(usage!.off).toBe(0);
    expect(usage!.used).toBeGreaterThanOrEqual(7);
    expect(usage!.orders).toBeGreaterThanOrEqual(20);
    // Every discounted order's lines add up to its discount.
    const [sums] = await rows<{ off: number }>(sql`
      select count(*)::int as off from orders o where o.discount_id is not null
        and o.discount_total <> (select coalesce(sum(l.discount), 0) from order_lines l where l.order_id = o.id)`);
    expect(sums!.off).toBe(0);
  });

  it("sets each customer's orders count, total spent and last order from their orders", async () => {
    const [customers] = await rows<{ off: number; buyers: number }>(sql`
      select count(*) filter (where c.orders_count <> coalesce(s.n, 0) or c.total_spent <> coalesce(s.spent, 0)
          or c.last_order_at is distinct from s.last)::int as off,
        count(s.n)::int as buyers
      from customers c left join (
        select customer_id, count(*) as n,
          coalesce(sum(total - total_refunded - exchange_credit) filter (where status <> 'CANCELLED'), 0) as spent,
          max(created_at) as last
        from orders group by customer_id) s on s.customer_id = c.id`);
    expect(customers!.off).toBe(0);
    expect(customers!.buyers).toBeGreaterThan(200);
    const [linked] = await rows<{ bad: number }>(sql`
      select count(*)::int as bad from orders o join customers c on c.id = o.customer_id
      where c.state <> 'ENABLED' or o.created_at < c.created_at or o.email <> c.email`);
    expect(linked!.bad).toBe(0);
  });

  it('keeps a few emails in the outbox (no SMTP_URL: NOT_SENT, written out, on their orders’ timelines)', async () => {
    const [mail] = await rows<Record<string, number>>(sql`
      select count(*)::int as messages,
        count(*) filter (where status <> 'NOT_SENT')::int as not_kept,
        count(*) filter (where html = '' or text = '' or subject = '')::int as unwritten,
        count(distinct kind)::int as kinds,
        (select count(*)::int from audit_events a where a.action = 'order.email_not_sent') as timeline
      from email_messages`);
    expect(mail!.messages).toBeGreaterThanOrEqual(6);
    expect(mail).toMatchObject({ not_kept: 0, unwritten: 0, timeline: mail!.messages });
    expect(mail!.kinds).toBeGreaterThanOrEqual(2);
  });
  it('has about 1,000 returns in every state, consistent with receipts, stock, credits and refunds', async () => {
    const states = await rows<{ status: string; n: number }>(
      sql`select status, count(*)::int as n from returns group by 1`,
    );
    const byState = Object.fromEntries(states.map((s) => [s.status, s.n]));
    for (const s of RETURN_STATUSES) expect(byState[s], s).toBeGreaterThan(0);
    const total = states.reduce((n, s) => n + s.n, 0);
    expect(total).toBeGreaterThan(900);
    // About 1,000 taken by the seed's returns and a couple of dozen exchanges made by the commands.
    expect(total).toBeLessThanOrEqual(1030);
    const [exchanges] = await rows<{ returns: number; lines: number; owed: number; refunded: number }>(sql`
      select count(distinct l.return_id)::int as returns, count(*)::int as lines,
        count(distinct o.id) filter (where o.payment_status = 'PARTIALLY_PAID')::int as owed,
        count(distinct r.id) filter (where r.refund_id is not null)::int as refunded
      from order_lines l join orders o on o.id = l.order_id join returns r on r.id = l.return_id`);
    expect(exchanges!.returns).toBeGreaterThanOrEqual(12);
    expect(exchanges!.lines).toBe(exchanges!.returns);
    const [checks] = await rows<Record<string, number>>(sql`
      select
        (select count(*) from return_lines rl where rl.restocked_quantity + rl.damaged_quantity + rl.missing_quantity
          <> coalesce((select sum(quantity) from return_receipts rr where rr.return_line_id = rl.id), 0))::int as receipts_off,
        (select count(*) from return_lines rl where (rl.restocked_quantity, rl.damaged_quantity, rl.missing_quantity) <>
          (select coalesce(sum(quantity) filter (where disposition = 'RESTOCK'), 0), coalesce(sum(quantity) filter (where disposition = 'DAMAGED'), 0),
             coalesce(sum(quantity) filter (where disposition = 'MISSING'), 0) from return_receipts rr where rr.return_line_id = rl.id))::int as dispositions_off,
        (select count(*) from returns r where r.received_quantity <> (select sum(restocked_quantity + damaged_quantity + missing_quantity)
          from return_lines where return_id = r.id) or r.quantity <> (select sum(quantity) from return_lines where return_id = r.id))::int as counts_off,
        (select count(*) from returns r where r.status <> case
          when r.cancelled_at is not null then 'CANCELLED' when r.closed_at is not null then 'CLOSED'
          when r.received_quantity = r.quantity then 'RECEIVED' when r.received_quantity > 0 then 'PARTIALLY_RECEIVED'
          when r.opened_at is not null then 'OPEN' else 'REQUESTED' end
          or (r.status = 'CLOSED' and (r.settled_at is null or r.received_quantity = 0))
          or (r.status = 'CANCELLED' and (r.settled_at is not null or r.received_quantity > 0)))::int as states_off,
        (select count(*) from order_lines ol where ol.return_credited_quantity
          <> coalesce((select sum(credited_quantity) from return_lines rl where rl.order_line_id = ol.id), 0)
          or ol.return_credited_quantity + ol.refunded_quantity > ol.fulfilled_quantity)::int as credited_off,
        (select count(*) from order_lines ol where ol.fulfilled_quantity < (
          select coalesce(sum(case when r.status = 'CLOSED' then rl.restocked_quantity + rl.damaged_quantity + rl.missing_quantity
            else rl.quantity end), 0) from return_lines rl join returns r on r.id = rl.return_id
          where rl.order_line_id = ol.id and r.status <> 'CANCELLED'))::int as over_returned,
        (select count(*) from returns r where r.settled_at is not null and (
          coalesce((select amount from refunds f where f.id = r.refund_id), 0) <> r.credit - r.fees - r.exchange_credit
          or r.credit <> (select sum(credit) from return_lines where return_id = r.id)))::int as refunds_off,
        (select count(*) from refunds f join returns r on r.refund_id = f.id join order_transactions t on t.id = f.transaction_id
          where t.kind <> 'REFUND' or t.amount <> f.amount or f.order_id <> r.order_id or f.shipping_amount <> 0
          or exists (select 1 from refund_lines l where l.refund_id = f.id))::int as refund_rows_off,
        (select count(*) from returns r join orders o on o.id = r.order_id where o.status = 'CANCELLED'
          or r.created_at <= (select max(f.created_at) from fulfillments f where f.order_id = o.id and f.status = 'SUCCESS')
          or r.updated_at > now() or r.opened_at < r.created_at or r.settled_at < r.created_at or r.closed_at < r.settled_at
          or exists (select 1 from return_receipts rr where rr.return_id = r.id and (rr.created_at < r.created_at or rr.created_at > now())))::int as dates_off,
        (select count(*) from (select order_id, array_agg(number order by number) as numbers from returns group by 1) x
          where x.numbers <> (select array_agg(i) from generate_series(1, cardinality(x.numbers)) i))::int as numbering_off`);
    expect(checks).toEqual({
      receipts_off: 0,
      dispositions_off: 0,
      counts_off: 0,
      states_off: 0,
      credited_off: 0,
      over_returned: 0,
      refunds_off: 0,
      refund_rows_off: 0,
      dates_off: 0,
      numbering_off: 0,
    });
    // Each restocked or damaged receipt at a location is one movement of its units, on the order, at
    // its time (the exchanges' receipts are the command's: its clock and the database's may differ).
    const [moves] = await rows<Record<string, number>>(sql`
      with r as (select ret.order_id, rl.id as line_id, ol.variant_id, rr.location_id, rr.disposition, rr.quantity, rr.created_at
        from return_receipts rr join return_lines rl on rl.id = rr.return_line_id join returns ret on ret.id = rr.return_id
        join order_lines ol on ol.id = rl.order_line_id where rr.location_id is not null),
      m as (select order_id, variant_id, location_id, reason, on_hand_delta, created_at, note from inventory_movements
        where reason = 'RETURN_DAMAGED' or (reason = 'RESTOCKED' and note like 'Return %'))
      select (select count(*) from r)::int as receipts, (select count(*) from m)::int as movements,
        (select count(*) from r where not exists (select 1 from m where m.order_id = r.order_id and m.variant_id = r.variant_id
          and m.location_id = r.location_id and m.created_at between r.created_at - interval '2 seconds' and r.created_at + interval '2 seconds' and
          case when r.disposition = 'RESTOCK' then m.reason = 'RESTOCKED' and m.on_hand_delta = r.quantity
            else m.reason = 'RETURN_DAMAGED' and m.on_hand_delta = 0 and m.note like '%: ' || r.quantity || ' unit%' end))::int as unmatched,
        (select count(*) from return_receipts where disposition = 'MISSING' and location_id is not null)::int as missing_moved,
        (select count(*) from inventory_levels l where l.damaged <> coalesce((select sum(quantity) from r
          where r.disposition = 'DAMAGED' and r.variant_id = l.variant_id and r.location_id = l.location_id), 0))::int as damaged_off`);
    expect(moves!.receipts).toBeGreaterThan(300);
    expect(moves).toMatchObject({
      movements: moves!.receipts,
      unmatched: 0,
      missing_moved: 0,
      damaged_off: 0,
    });
    const [audit] = await rows<Record<string, number>>(sql`
      select (select count(*) from audit_events where action = 'order.return_create')::int as created,
        (select count(*) from audit_events where action = 'order.return_settle')::int as settled,
        (select count(*) from returns where settled_at is not null)::int as settled_returns`);
    expect(audit).toMatchObject({ created: total, settled: audit!.settled_returns });

    // The credits are those returnSettle figures: the domain's settlement, settled one after another.
    const settled = await rows<{
      id: string;
      order_id: string;
      credit: string;
      fees: string;
      return_shipping_fee: string;
      restocking_fee_percent: number;
      prices_include_tax: boolean;
      lines: { order_line_id: string; quantity: number; missing: number; credited: number; credit: number }[];
    }>(sql`
      select r.id, r.order_id, r.credit, r.fees, r.return_shipping_fee, r.restocking_fee_percent, o.prices_include_tax,
        (select json_agg(json_build_object('order_line_id', rl.order_line_id, 'quantity', rl.quantity,
          'missing', rl.missing_quantity, 'credited', rl.credited_quantity, 'credit', rl.credit) order by rl.position)
          from return_lines rl where rl.return_id = r.id) as lines
      from returns r join orders o on o.id = r.order_id where r.settled_at is not null order by r.settled_at, r.id`);
    const orderLines = new Map(
      (
        await rows<{
          id: string;
          quantity: number;
          unit_price: string;
          discount: string;
          tax: string;
          refunded_quantity: number;
        }>(sql`select id, quantity, unit_price, discount, tax, refunded_quantity from order_lines`)
      ).map((l) => [l.id, l]),
    );
    const spent = new Map<string, number>();
    for (const r of settled) {
      const figures = settleReturn({
        lines: r.lines.map((l) => {
          const ol = orderLines.get(l.order_line_id)!;
          return {
            quantity: ol.quantity,
            subtotal: Number(ol.unit_price) * ol.quantity,
            discount: Number(ol.discount),
            tax: Number(ol.tax),
            spent: ol.refunded_quantity + (spent.get(ol.id) ?? 0),
            units: l.quantity - l.missing,
          };
        }),
        exchange: [],
        pricesIncludeTax: r.prices_include_tax,
        returnShippingFee: Number(r.return_shipping_fee),
        restockingFeePercent: r.restocking_fee_percent,
        shipping: 0,
        captured: Number.MAX_SAFE_INTEGER,
        refunded: 0,
      });
      expect([Number(r.credit), Number(r.fees)], r.id).toEqual([figures.credit, figures.fees]);
      expect(r.lines.map((l) => [l.credited, Number(l.credit)])).toEqual(
        figures.lines.map((f) => [f.creditedUnits, f.amount]),
      );
      for (const [i, l] of r.lines.entries())
        spent.set(l.order_line_id, (spent.get(l.order_line_id) ?? 0) + figures.lines[i]!.creditedUnits);
    }
    expect(settled.length).toBeGreaterThan(300);
  });

  it('lets the commands carry on from the seeded returns: receive an awaited one, settle a received one', async () => {
    const owner = await signedIn(ctx.server);
    const [open] = await rows<{ id: string }>(
      sql`select id from returns where status = 'OPEN' order by created_at limit 1`,
    );
    const openLines = (
      await gql(owner, `query($id: ID!) { return(id: $id) { lines { id quantity } } }`, {
        id: encodeId('Return', open!.id),
      })
    ).return.lines as { id: string; quantity: number }[];
    const received = await gql(owner, RECEIVE, {
      id: encodeId('Return', open!.id),
      lines: openLines.map((l) => ({ returnLineId: l.id, quantity: l.quantity, disposition: 'RESTOCK' })),
    });
    expect(received.returnReceive.userErrors).toEqual([]);
    expect(received.returnReceive.return.status).toBe('RECEIVED');
    const [toSettle] = await rows<{ id: string }>(sql`
      select id from returns where status = 'RECEIVED' and settled_at is null and id <> ${open!.id} order by created_at limit 1`);
    const settledNow = await gql(owner, SETTLE, { id: encodeId('Return', toSettle!.id) });
    expect(settledNow.returnSettle.userErrors).toEqual([]);
    expect(settledNow.returnSettle.return.settledAt).not.toBeNull();
  });

  it('has invoices numbered from 1 with no gap and a credit note for each refund of an invoiced order', async () => {
    const invoices = await rows<{
      sequence: number;
      total: string;
      order_total: string;
      returns: number;
    }>(sql`
      select i.sequence, i.total::text, o.total::text as order_total,
        (select count(*)::int from returns r where r.order_id = o.id) as returns
      from invoices i join orders o on o.id = i.order_id order by i.sequence`);
    expect(invoices.map((i) => i.sequence)).toEqual(invoices.map((_, n) => n + 1));
    expect(invoices.length).toBe(24);
    for (const i of invoices) {
      expect(i.total).toBe(i.order_total);
      expect(i.returns).toBe(0);
    }
    const notes = await rows<{ sequence: number; total: string; amount: string; invoiced: boolean }>(sql`
      select c.sequence, c.total::text, r.amount::text,
        exists (select 1 from invoices i where i.id = c.invoice_id and i.order_id = r.order_id) as invoiced
      from credit_notes c join refunds r on r.id = c.refund_id order by c.sequence`);
    expect(notes.map((n) => n.sequence)).toEqual([1, 2]);
    for (const n of notes) {
      expect(n.total).toBe(n.amount);
      expect(n.invoiced).toBe(true);
    }
    // Every refund after an invoice that gave money back has its credit note; none is missing.
    const [missing] = await rows<{ n: number }>(sql`
      select count(*)::int as n from refunds r join invoices i on i.order_id = r.order_id
      where r.created_at >= i.issued_at and r.amount > 0
        and not exists (select 1 from credit_notes c where c.refund_id = r.id)`);
    expect(missing!.n).toBe(0);
  });
});
