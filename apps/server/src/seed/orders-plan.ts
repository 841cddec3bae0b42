import { computeOrderTotals, type OrderTotals } from '@stockroom/domain';
import type { AddressJson } from '../db/columns.js';
import type { Random } from './random.js';
import type { SeedContext, SeedCustomer, SeedRate, SeedVariant } from './orders-context.js';
import type { StockPlanner } from './orders-stock.js';
import { GIFT_NOTES, GUEST_FIRST, GUEST_LAST, NOTES } from './orders-data.js';

export interface DraftLine {
  variant: SeedVariant;
  quantity: number;
  /** The level its units are committed at; null for an untracked variant. */
  level: number | null;
}

/** An order as placed: who, what, where to, and its frozen money. What happened next is orders-life.ts. */
export interface OrderDraft {
  number: number;
  name: string;
  createdAt: number;
  customer: SeedCustomer | null;
  email: string | null;
  phone: string | null;
  customerName: string | null;
  shippingAddress: AddressJson | null;
  billingAddress: AddressJson | null;
  rate: { id: string; name: string; price: number } | null;
  lines: DraftLine[];
  totals: OrderTotals;
  tags: string[];
  note: string | null;
  wholesale: boolean;
}

/** An index into a ranked list where the first entries come up far more often (bestsellers, regulars). */
const skewed = (random: Random, n: number, power: number) =>
  Math.min(n - 1, Math.floor(n * random.next() ** power));

function lineCount(random: Random, wholesale: boolean): number {
  if (wholesale) return random.int(3, 8);
  const r = random.next();
  return r < 0.36 ? 1 : r < 0.61 ? 2 : r < 0.79 ? 3 : r < 0.89 ? 4 : random.int(5, 8);
}

function quantity(random: Random, wholesale: boolean): number {
  if (wholesale) return random.int(4, 12);
  const r = random.next();
  return r < 0.72 ? 1 : r < 0.9 ? 2 : r < 0.96 ? 3 : random.int(4, 6);
}

/** Lines of products that existed when the order was placed, each committed where stock allows. */
function pickLines(ctx: SeedContext, stock: StockPlanner, random: Random, at: number, wholesale: boolean) {
  const wanted = lineCount(random, wholesale);
  const lines: DraftLine[] = [];
  const used = new Set<string>();
  for (let attempt = 0; attempt < wanted * 8 && lines.length < wanted; attempt++) {
    const product = ctx.products[skewed(random, ctx.products.length, 2.2)]!;
    if (product.createdAt >= at) continue;
    const variant = random.pick(product.variants);
    // orderCreate refuses a variant twice in one order.
    if (used.has(variant.id)) continue;
    let q = quantity(random, wholesale);
    let level: number | null = null;
    if (variant.tracked) {
      level = stock.allocate(variant.levels, q, at);
      if (level === null && q > 1) level = stock.allocate(variant.levels, (q = 1), at);
      if (level === null) continue;
    }
    used.add(variant.id);
    lines.push({ variant, quantity: q, level });
  }
  return lines;
}

function priceFor(rate: SeedRate, subtotal: number): number | null {
  if (rate.min !== null && subtotal < rate.min) return null;
  if (rate.max !== null && subtotal > rate.max) return null;
  return rate.freeAbove !== null && subtotal >= rate.freeAbove ? 0 : rate.price;
}

/** The rates applicableShippingRates offers for the country and subtotal, cheapest first. */
function applicableRates(ctx: SeedContext, country: string, subtotal: number) {
  const zone =
    ctx.zones.find((z) => z.countries.includes(country)) ?? ctx.zones.find((z) => z.countries.includes('*'));
  return (zone?.rates ?? [])
    .flatMap((rate) => {
      const price = priceFor(rate, subtotal);
      return price === null ? [] : [{ id: rate.id, name: rate.name, price, position: rate.position }];
    })
    .sort((a, b) => a.price - b.price || a.position - b.position);
}

/** computeTax's choice: the region's rate, else the country's, else none. */
function taxRateFor(ctx: SeedContext, place: AddressJson | null): string | null {
  if (!place?.countryCode) return null;
  const rates = ctx.taxRates.filter((r) => r.country === place.countryCode);
  const region = (place.region ?? '').trim().toLowerCase();
  const rate =
    rates.find((r) => region && r.region?.toLowerCase() === region) ?? rates.find((r) => r.region === null);
  return rate?.rate ?? null;
}

function guest(ctx: SeedContext, random: Random, number: number) {
  const first = random.pick(GUEST_FIRST);
  const last = random.pick(GUEST_LAST);
  // Somewhere real customers live, with the guest's own name on the label.
  const place: AddressJson = ctx.customers.length
    ? random.pick(ctx.customers).address
    : { ...ctx.storeAddress, countryCode: ctx.storeAddress?.countryCode ?? 'US' };
  const email = `${first}.${last}.${number}@guest.example`
    .toLowerCase()
    .normalize('NFKD')
    .replace(/[^a-z0-9.@]/g, '');
  return {
    email,
    name: `${first} ${last}`,
    address: { ...place, firstName: first, lastName: last, company: null, phone: null },
  };
}

/** A customer who had an account when the order was placed, regulars more often; null makes a guest. */
function buyer(ctx: SeedContext, random: Random, at: number): SeedCustomer | null {
  if (!ctx.customers.length || random.chance(0.12)) return null;
  for (let attempt = 0; attempt < 10; attempt++) {
    const c = ctx.customers[skewed(random, ctx.customers.length, 1.7)]!;
    if (c.createdAt < at) return c;
  }
  return null;
}

/** One order as placed at `at`, or null when nothing could be sold then. */
export function draftOrder(
  ctx: SeedContext,
  stock: StockPlanner,
  random: Random,
  number: number,
  at: number,
): OrderDraft | null {
  const customer = buyer(ctx, random, at);
  const wholesale = (customer?.wholesale ?? false) && random.chance(0.7);
  const lines = pickLines(ctx, stock, random, at, wholesale);
  if (!lines.length) return null;
  const who = customer
    ? { email: customer.email, name: customer.name, address: customer.address }
    : guest(ctx, random, number);
  // Some pick up at the downtown store: no shipping address, no shipping line.
  const pickup = random.chance(0.05);
  const shippingAddress = pickup ? null : { ...who.address };
  const billingAddress = pickup || random.chance(0.85) ? { ...who.address } : null;
  const subtotal = lines.reduce((n, l) => n + l.variant.price * l.quantity, 0);
  const rates = shippingAddress ? applicableRates(ctx, shippingAddress.countryCode!, subtotal) : [];
  const r = random.next();
  const chosen = rates.length
    ? rates[r < 0.78 ? 0 : r < 0.95 ? Math.min(1, rates.length - 1) : rates.length - 1]!
    : null;
  const totals = computeOrderTotals({
    currencyCode: ctx.currency,
    lines: lines.map((l) => ({ unitPrice: l.variant.price, quantity: l.quantity })),
    shippingPrice: chosen?.price ?? 0,
    taxRate: taxRateFor(ctx, shippingAddress ?? billingAddress ?? ctx.storeAddress),
    pricesIncludeTax: ctx.pricesIncludeTax,
  });
  const tags: string[] = [];
  if (wholesale) tags.push('wholesale');
  const gift = !wholesale && random.chance(0.07);
  if (gift) tags.push('gift');
  if (chosen && chosen !== rates[0] && random.chance(0.6)) tags.push('priority');
  const note =
    gift && random.chance(0.6) ? random.pick(GIFT_NOTES) : random.chance(0.08) ? random.pick(NOTES) : null;
  return {
    number,
    name: `${ctx.prefix}${number}`,
    createdAt: at,
    customer,
    email: who.email,
    phone: customer?.phone ?? null,
    customerName: who.name || null,
    shippingAddress,
    billingAddress,
    rate: chosen ? { id: chosen.id, name: chosen.name, price: chosen.price } : null,
    lines,
    totals,
    tags,
    note,
    wholesale,
  };
}
