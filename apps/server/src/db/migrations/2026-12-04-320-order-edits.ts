import { sql, type Kysely } from 'kysely';

/**
 * Issue #32, order edits. An edit taxes new lines at the rate that applied when the order was
 * placed, so the order keeps that rate (orders.tax_rate, percent as text like tax_rates.rate; null
 * when no rate applied). Orders placed before this migration get the address's rate of today when
 * it gives their largest taxed line's tax again; else it is found from their lines: the tax
 * of the taxable line with the largest taxed amount over that amount (inside it when prices include
 * tax), rounded to the three decimals a rate is stored with (as tax_rates.rate reads: "8.875", "10.000"); an order with no taxed line gets the
 * current rate of its shipping address (else billing address), if any. Custom items an edit adds
 * may not need shipping (order_lines.requires_shipping).
 */
const columns = [
  `alter table orders add column tax_rate text`,
  `alter table order_lines add column requires_shipping boolean not null default true`,
];

/** Fills orders.tax_rate where it is null (exported for its test). */
export const BACKFILL_TAX_RATES = [
  // The address's rate today, when it gives the largest taxed line's tax again (to the cent): rates
  // rarely change, and it is exact where a rate found from one line's rounded tax may not be
  // (8.875 % of $19.99 is $1.77, which reads back as 8.854 %).
  `with biggest as (
       select distinct on (ol.order_id) ol.order_id, ol.tax,
         ol.unit_price * ol.quantity - ol.discount
           - case when ord.prices_include_tax then ol.tax else 0 end as taxed,
         coalesce(ord.shipping_address, ord.billing_address) as place
       from order_lines ol join orders ord on ord.id = ol.order_id
       where ol.taxable and ol.tax > 0 and ord.tax_rate is null
       order by ol.order_id, ol.unit_price * ol.quantity - ol.discount desc, ol.id
     ), today as (
       select b.order_id, b.tax, b.taxed, (
         select round(r.rate, 3) from tax_rates r
          where r.country_code = upper(b.place ->> 'countryCode')
            and (r.region is null or lower(r.region) = lower(trim(b.place ->> 'region')))
          order by r.region is null, r.id
          limit 1) as rate
       from biggest b where b.place is not null
     )
   update orders o set tax_rate = t.rate::text
     from today t
    where t.order_id = o.id and o.tax_rate is null and t.rate is not null and t.taxed > 0
      and abs(round(t.taxed * t.rate / 100) - t.tax) <= 1`,
  `update orders o set tax_rate = round(least(l.rate, 100), 3)::text
     from (
       select distinct on (ol.order_id) ol.order_id,
         100.0 * ol.tax / (ol.unit_price * ol.quantity - ol.discount
           - case when ord.prices_include_tax then ol.tax else 0 end) as rate
       from order_lines ol join orders ord on ord.id = ol.order_id
       where ol.taxable and ol.tax > 0
         and ol.unit_price * ol.quantity - ol.discount
           - case when ord.prices_include_tax then ol.tax else 0 end > 0
       order by ol.order_id, ol.unit_price * ol.quantity - ol.discount desc, ol.id
     ) l
    where l.order_id = o.id and o.tax_rate is null`,
  `update orders o set tax_rate = (
       select round(r.rate, 3)::text from tax_rates r
        where r.country_code = upper(coalesce(o.shipping_address, o.billing_address) ->> 'countryCode')
          and (r.region is null
               or lower(r.region) = lower(trim(coalesce(o.shipping_address, o.billing_address) ->> 'region')))
        order by r.region is null, r.id
        limit 1)
    where o.tax_rate is null and coalesce(o.shipping_address, o.billing_address) is not null`,
];

export async function up(db: Kysely<unknown>): Promise<void> {
  for (const statement of [...columns, ...BACKFILL_TAX_RATES]) await sql.raw(statement).execute(db);
}
