import {
  addressLines,
  addressOneLine,
  currencyDecimals,
  formatInTimeZone,
  type NotificationTemplateKind,
} from '@stockroom/domain';
import type { Shop } from '../settings/settings.model.js';
import type { MailLineRow, MailOrderRow } from './mail-context.repository.js';

// Missing values are null, never '': Liquid's `{% if fulfillment.carrier %}` is true for an empty
// string (only nil and false are falsy), and the default templates ask exactly that.

/**
 * What one email is rendered from: the template's variables (Liquid, `{{ order.name }}`) and what
 * the layout sets around the body (the order's lines and totals, the address, a button).
 */
export interface MailView {
  vars: Record<string, unknown>;
  layout: {
    shopName: string;
    shopAddress: string;
    order: {
      name: string;
      lines: { title: string; detail: string; quantity: number; total: string }[];
      totals: { label: string; value: string }[];
      shippingAddress: string[];
    } | null;
    button: { label: string; url: string } | null;
  };
}

interface MailItem {
  title: string;
  variantTitle: string;
  sku: string | null;
  quantity: number;
}

export interface MailFacts {
  shop: Shop;
  order: MailOrderRow | null;
  lines: MailLineRow[];
  fulfillment: {
    carrier: string | null;
    trackingNumber: string | null;
    trackingUrl: string | null;
    items: number;
  } | null;
  refund: { amount: number; reason: string | null } | null;
  /** A return (RETURN_CREATED): its number within the order, the units coming back, the exchange items. */
  return: {
    number: number;
    items: MailItem[];
    exchangeItems: MailItem[];
  } | null;
  /** An order edit (ORDER_EDITED): its changes in words, as staff saw them when they made it. */
  edit: { changes: string[] } | null;
  staff: { name: string | null; email: string; link: string; expiresAt: Date } | null;
}

/** "$1,234.50" in the order's (or store's) currency. */
export function money(minor: number, currencyCode: string): string {
  const amount = minor / 10 ** currencyDecimals(currencyCode);
  try {
    return new Intl.NumberFormat('en-US', { style: 'currency', currency: currencyCode }).format(amount);
  } catch {
    return `${amount.toFixed(currencyDecimals(currencyCode))} ${currencyCode}`;
  }
}

const DATE: Intl.DateTimeFormatOptions = { day: 'numeric', month: 'long', year: 'numeric' };
const DATE_TIME: Intl.DateTimeFormatOptions = {
  ...DATE,
  hour: '2-digit',
  minute: '2-digit',
  timeZoneName: 'short',
};

/** Only web links become buttons: a template can't make a `javascript:` one. */
function webUrl(url: string | null | undefined): string | null {
  if (!url) return null;
  try {
    const u = new URL(url);
    return u.protocol === 'https:' || u.protocol === 'http:' ? u.toString() : null;
  } catch {
    return null;
  }
}

export function mailView(kind: NotificationTemplateKind, facts: MailFacts): MailView {
  const { shop, order, lines, fulfillment, refund, staff } = facts;
  const ret = facts.return;
  const tz = shop.timezone;
  const shopVars = {
    name: shop.name,
    email: shop.contactEmail ?? '',
    address: addressOneLine(shop.address),
  };
  const vars: Record<string, unknown> = { shop: shopVars };
  let orderLayout: MailView['layout']['order'] = null;
  let button: MailView['layout']['button'] = null;
  if (order) {
    const cur = order.currencyCode;
    const name = `${shop.orderNumberPrefix}${order.number}`;
    const lineItems = lines.map((l) => ({
      title: l.title,
      variant_title: l.variantTitle,
      sku: l.sku ?? '',
      quantity: l.quantity,
      price: money(l.unitPrice, cur),
      total: money(l.unitPrice * l.quantity - l.discount, cur),
    }));
    const fullName =
      [order.firstName, order.lastName].filter(Boolean).join(' ') ||
      order.customerName ||
      [order.shippingAddress?.firstName, order.shippingAddress?.lastName].filter(Boolean).join(' ');
    vars['order'] = {
      name,
      date: formatInTimeZone(order.createdAt, tz, DATE),
      total: money(order.total, cur),
      subtotal: money(order.subtotal, cur),
      shipping: money(order.shippingTotal, cur),
      tax: money(order.taxTotal, cur),
      discounts: money(order.discountTotal, cur),
      item_count: order.itemsCount,
      shipping_method: order.shippingName || null,
      shipping_address: addressOneLine(order.shippingAddress),
      cancel_reason: order.cancelReason || null,
      balance_due: order.balanceDue > 0 ? money(order.balanceDue, cur) : null,
      line_items: lineItems,
    };
    vars['customer'] = {
      name: fullName,
      first_name: order.firstName ?? order.shippingAddress?.firstName ?? fullName.split(' ')[0] ?? '',
      email: order.email ?? '',
    };
    const totals = [
      { label: 'Subtotal', value: money(order.subtotal, cur) },
      ...(order.discountTotal ? [{ label: 'Discounts', value: `−${money(order.discountTotal, cur)}` }] : []),
      {
        label: order.shippingName ? `Shipping (${order.shippingName})` : 'Shipping',
        value: money(order.shippingTotal, cur),
      },
      { label: 'Taxes', value: money(order.taxTotal, cur) },
      { label: 'Total', value: money(order.total, cur) },
    ];
    if (refund) totals.push({ label: 'Refunded now', value: money(refund.amount, cur) });
    orderLayout = {
      name,
      lines: lineItems.map((l) => ({
        title: l.title,
        detail: [l.variant_title, l.sku].filter(Boolean).join(' · '),
        quantity: l.quantity,
        total: l.total,
      })),
      totals,
      shippingAddress: addressLines(order.shippingAddress),
    };
  }
  if (kind === 'SHIPPING_CONFIRMATION') {
    vars['fulfillment'] = {
      carrier: fulfillment?.carrier || null,
      tracking_number: fulfillment?.trackingNumber || null,
      tracking_url: fulfillment?.trackingUrl || null,
      item_count: fulfillment?.items ?? 0,
    };
    const url = webUrl(fulfillment?.trackingUrl);
    if (url) button = { label: 'Track your parcel', url };
  }
  if (kind === 'RETURN_CREATED' && order) {
    const item = (i: MailItem) => ({
      title: i.title,
      variant_title: i.variantTitle,
      sku: i.sku ?? '',
      quantity: i.quantity,
    });
    const items = ret?.items ?? [];
    vars['return'] = {
      name: `${shop.orderNumberPrefix}${order.number}-R${ret?.number ?? 1}`,
      item_count: items.reduce((n, i) => n + i.quantity, 0),
      items: items.map(item),
      exchange_items: (ret?.exchangeItems ?? []).map(item),
    };
    // The email lists what comes back (and what goes out instead), not the whole order.
    if (orderLayout)
      orderLayout = {
        ...orderLayout,
        lines: [
          ...items.map((i) => ({
            title: i.title,
            detail: ['Coming back', i.variantTitle, i.sku].filter(Boolean).join(' · '),
            quantity: i.quantity,
            total: '',
          })),
          ...(ret?.exchangeItems ?? []).map((i) => ({
            title: i.title,
            detail: ['In exchange', i.variantTitle, i.sku].filter(Boolean).join(' · '),
            quantity: i.quantity,
            total: '',
          })),
        ],
        totals: [],
      };
  }
  if (kind === 'ORDER_EDITED' && order) {
    // Staff's words start lower-case ("added 1 × …" in a sentence); the email lists them.
    vars['edit'] = {
      changes: (facts.edit?.changes ?? []).map((c) => c.charAt(0).toUpperCase() + c.slice(1)),
    };
    if (orderLayout && order.balanceDue > 0)
      orderLayout = {
        ...orderLayout,
        totals: [
          ...orderLayout.totals,
          { label: 'Balance due', value: money(order.balanceDue, order.currencyCode) },
        ],
      };
  }
  if (kind === 'REFUND_ISSUED' && order)
    vars['refund'] = {
      amount: money(refund?.amount ?? 0, order.currencyCode),
      reason: refund?.reason || null,
    };
  if (staff) {
    vars['staff'] = { name: staff.name || staff.email, email: staff.email };
    vars['link'] = staff.link;
    vars['expires_at'] = formatInTimeZone(staff.expiresAt, tz, DATE_TIME);
    const url = webUrl(staff.link);
    if (url)
      button = {
        label: kind === 'STAFF_INVITATION' ? 'Accept the invitation' : 'Choose a new password',
        url,
      };
  }
  return {
    vars,
    layout: { shopName: shop.name, shopAddress: addressOneLine(shop.address), order: orderLayout, button },
  };
}

/** Made-up facts of the right shape: checking a template's variables, and a preview without orders. */
export function sampleFacts(shop: Shop, kind: NotificationTemplateKind): MailFacts {
  const staffKind = kind === 'STAFF_INVITATION' || kind === 'STAFF_PASSWORD_RESET';
  const facts: MailFacts = {
    shop,
    order: {
      id: '00000000-0000-0000-0000-000000000000',
      number: 1001,
      email: 'ana@example.com',
      customerId: null,
      customerName: 'Ana Lima',
      firstName: 'Ana',
      lastName: 'Lima',
      currencyCode: shop.currencyCode,
      subtotal: 4800,
      shippingTotal: 500,
      taxTotal: 0,
      discountTotal: 0,
      total: 5300,
      itemsCount: 2,
      shippingName: 'Standard',
      shippingAddress: {
        firstName: 'Ana',
        lastName: 'Lima',
        line1: '1 Main St',
        city: 'Springfield',
        region: 'IL',
        postalCode: '62701',
        countryCode: 'US',
      },
      cancelReason: 'Customer changed their mind',
      createdAt: new Date(),
      balanceDue: 0,
    },
    lines: [
      {
        title: 'Linen shirt',
        variantTitle: 'M / Blue',
        sku: 'LS-M-BL',
        quantity: 2,
        unitPrice: 2400,
        discount: 0,
      },
    ],
    fulfillment: {
      carrier: 'UPS',
      trackingNumber: '1Z999AA10123456784',
      trackingUrl: 'https://www.ups.com/track?tracknum=1Z999AA10123456784',
      items: 2,
    },
    refund: { amount: 2400, reason: 'Damaged in transit' },
    return: {
      number: 1,
      items: [{ title: 'Linen shirt', variantTitle: 'M / Blue', sku: 'LS-M-BL', quantity: 1 }],
      exchangeItems: [{ title: 'Linen shirt', variantTitle: 'L / Blue', sku: 'LS-L-BL', quantity: 1 }],
    },
    edit: { changes: ['Added 1 × Linen shirt — L / Blue', 'Shipping: Standard $5.00 → Express $12.00'] },
    staff: {
      name: 'Sam Jones',
      email: 'sam@example.com',
      link: 'https://admin.example.com/invite/sample',
      expiresAt: new Date(Date.now() + 7 * 86_400_000),
    },
  };
  return staffKind
    ? { ...facts, order: null, lines: [], fulfillment: null, refund: null, return: null, edit: null }
    : { ...facts, staff: null };
}
