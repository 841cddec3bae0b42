import type { NotificationTemplateKind } from '@stockroom/domain';

/** A variable a template may use, as the editor lists it. */
export interface TemplateVariable {
  name: string;
  description: string;
}

const SHOP: TemplateVariable[] = [
  { name: 'shop.name', description: 'The store’s name' },
  { name: 'shop.email', description: 'The store’s contact email' },
  { name: 'shop.address', description: 'The store’s address, on one line' },
];

const ORDER: TemplateVariable[] = [
  { name: 'order.name', description: 'The order’s number, e.g. #1001' },
  { name: 'order.date', description: 'When it was placed, in the store’s time zone' },
  { name: 'order.total', description: 'The total, with its currency' },
  { name: 'order.subtotal', description: 'The items’ subtotal' },
  { name: 'order.shipping', description: 'Shipping' },
  { name: 'order.tax', description: 'Taxes' },
  { name: 'order.discounts', description: 'Discounts' },
  { name: 'order.item_count', description: 'How many items' },
  { name: 'order.shipping_method', description: 'The shipping rate’s name' },
  { name: 'order.shipping_address', description: 'The shipping address, on one line' },
  {
    name: 'order.line_items',
    description: 'The lines: each has title, variant_title, sku, quantity, price, total',
  },
  { name: 'customer.name', description: 'The customer’s name' },
  { name: 'customer.first_name', description: 'The customer’s first name' },
  { name: 'customer.email', description: 'The customer’s email' },
];

const STAFF: TemplateVariable[] = [
  { name: 'staff.name', description: 'The person’s name (or email, before they chose one)' },
  { name: 'staff.email', description: 'The person’s email' },
  { name: 'link', description: 'The link to follow (shown as a button too)' },
  { name: 'expires_at', description: 'When the link stops working, in the store’s time zone' },
];

export const TEMPLATE_VARIABLES: Record<NotificationTemplateKind, TemplateVariable[]> = {
  ORDER_CONFIRMATION: [...SHOP, ...ORDER],
  SHIPPING_CONFIRMATION: [
    ...SHOP,
    ...ORDER,
    { name: 'fulfillment.carrier', description: 'The carrier, e.g. UPS' },
    { name: 'fulfillment.tracking_number', description: 'The tracking number' },
    { name: 'fulfillment.tracking_url', description: 'The tracking link (shown as a button too)' },
    { name: 'fulfillment.item_count', description: 'How many items this parcel holds' },
  ],
  ORDER_CANCELLED: [...SHOP, ...ORDER, { name: 'order.cancel_reason', description: 'Why it was cancelled' }],
  REFUND_ISSUED: [
    ...SHOP,
    ...ORDER,
    { name: 'refund.amount', description: 'The money refunded, with its currency' },
    { name: 'refund.reason', description: 'Why, as staff wrote it' },
  ],
  RETURN_CREATED: [
    ...SHOP,
    ...ORDER,
    { name: 'return.name', description: 'The return’s number, e.g. #1001-R1' },
    { name: 'return.item_count', description: 'How many items come back' },
    {
      name: 'return.items',
      description: 'The items coming back: each has title, variant_title, sku, quantity',
    },
    {
      name: 'return.exchange_items',
      description: 'The items sent instead (an exchange): each has title, variant_title, sku, quantity',
    },
  ],
  ORDER_EDITED: [
    ...SHOP,
    ...ORDER,
    { name: 'edit.changes', description: 'What changed, each in words (e.g. "Added 1 × Linen shirt — M")' },
    { name: 'order.balance_due', description: 'What the customer still owes, with its currency' },
  ],
  STAFF_INVITATION: [...SHOP, ...STAFF],
  STAFF_PASSWORD_RESET: [...SHOP, ...STAFF],
};

/**
 * The templates a store starts with (Liquid: `{{ order.name }}`; a blank line starts a paragraph).
 * The order's lines, totals and address, the tracking button and the staff link are laid out
 * around the body by the email's layout, so the body is the words only.
 */
export const DEFAULT_TEMPLATES: Record<NotificationTemplateKind, { subject: string; body: string }> = {
  ORDER_CONFIRMATION: {
    subject: 'Order {{ order.name }} confirmed',
    body: 'Hi {{ customer.first_name | default: "there" }},\n\nThank you for your order. We’re getting it ready and will email you when it ships.\n\nOrder {{ order.name }}, placed {{ order.date }}: {{ order.total }}.',
  },
  SHIPPING_CONFIRMATION: {
    subject: 'Your order {{ order.name }} is on its way',
    body: 'Hi {{ customer.first_name | default: "there" }},\n\n{{ fulfillment.item_count }} item(s) from order {{ order.name }} shipped{% if fulfillment.carrier %} with {{ fulfillment.carrier }}{% endif %}.{% if fulfillment.tracking_number %}\n\nTracking number: {{ fulfillment.tracking_number }}{% endif %}',
  },
  ORDER_CANCELLED: {
    subject: 'Order {{ order.name }} has been cancelled',
    body: 'Hi {{ customer.first_name | default: "there" }},\n\nYour order {{ order.name }} has been cancelled{% if order.cancel_reason %} ({{ order.cancel_reason }}){% endif %}. If you paid for it, the money is on its way back to you.',
  },
  REFUND_ISSUED: {
    subject: 'A refund of {{ refund.amount }} for order {{ order.name }}',
    body: 'Hi {{ customer.first_name | default: "there" }},\n\nWe’ve refunded {{ refund.amount }} for order {{ order.name }}. It can take a few days to show on your statement.',
  },
  RETURN_CREATED: {
    subject: 'Your return {{ return.name }} has started',
    body: 'Hi {{ customer.first_name | default: "there" }},\n\nWe’ve started return {{ return.name }} for {{ return.item_count }} item(s) from order {{ order.name }}. Please send them back to us; we’ll let you know when they arrive and are settled.{% if return.exchange_items.size > 0 %}\n\nWhat you chose instead will be sent to you as usual.{% endif %}',
  },
  ORDER_EDITED: {
    subject: 'Your order {{ order.name }} has been updated',
    body: 'Hi {{ customer.first_name | default: "there" }},\n\nWe’ve updated your order {{ order.name }}:\n{% for change in edit.changes %}\n- {{ change }}{% endfor %}\n\nYour order now comes to {{ order.total }}.{% if order.balance_due %} {{ order.balance_due }} is still to pay; we’ll be in touch about it.{% endif %}',
  },
  STAFF_INVITATION: {
    subject: 'You’re invited to {{ shop.name }} on Stockroom',
    body: 'Hi,\n\nYou’ve been invited to help run {{ shop.name }}. Follow the link to choose your name and password; it works once, until {{ expires_at }}.\n\n{{ link }}',
  },
  STAFF_PASSWORD_RESET: {
    subject: 'Reset your {{ shop.name }} password',
    body: 'Hi {{ staff.name }},\n\nFollow the link to choose a new password. It works once, for an hour (until {{ expires_at }}). If you didn’t ask for this, you can ignore this email.\n\n{{ link }}',
  },
};
