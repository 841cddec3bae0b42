/**
 * Public IDs are `<prefix>_<32 hex>`: the row's UUID without dashes, behind a type prefix, so an ID
 * is opaque, URL-safe, stable and tells `node(id:)` which table to look in.
 */
export const ID_PREFIXES = {
  Staff: 'stf',
  Role: 'rol',
  Session: 'ses',
  Location: 'loc',
  AuditEvent: 'aud',
  Product: 'prod',
  ProductVariant: 'var',
  Category: 'cat',
  Collection: 'col',
  ProductMedia: 'med',
  InventoryLevel: 'inv',
  InventoryMovement: 'mov',
  Customer: 'cus',
  CustomerAddress: 'adr',
  ShippingZone: 'shz',
  ShippingRate: 'shr',
  TaxRate: 'tax',
  Order: 'ord',
  OrderLine: 'oli',
  OrderTransaction: 'txn',
  Fulfillment: 'ful',
  OrderComment: 'ocm',
  Refund: 'rfd',
  DraftOrder: 'dft',
  Discount: 'dsc',
  ApiToken: 'tok',
  Job: 'job',
  WebhookSubscription: 'whs',
  WebhookDelivery: 'whd',
  EmailMessage: 'eml',
  Return: 'ret',
  ReturnLine: 'rtl',
  ReturnReceipt: 'rtr',
  Invoice: 'invc',
  CreditNote: 'crn',
  SavedView: 'svw',
} as const;

export type NodeType = keyof typeof ID_PREFIXES;

const PREFIX_TO_TYPE = new Map<string, NodeType>(
  Object.entries(ID_PREFIXES).map(([type, prefix]) => [prefix, type as NodeType]),
);

export function encodeId(type: NodeType, uuid: string): string {
  return `${ID_PREFIXES[type]}_${uuid.replace(/-/g, '')}`;
}

export function decodeId(id: string): { type: NodeType; uuid: string } | null {
  const m = /^([a-z]{2,5})_([0-9a-f]{32})$/.exec(id);
  if (!m) return null;
  const type = PREFIX_TO_TYPE.get(m[1]!);
  if (!type) return null;
  const h = m[2]!;
  return {
    type,
    uuid: `${h.slice(0, 8)}-${h.slice(8, 12)}-${h.slice(12, 16)}-${h.slice(16, 20)}-${h.slice(20)}`,
  };
}

/** Decodes an ID that must be of `type`; null for anything else, so callers answer NOT_FOUND. */
export function decodeIdOf(type: NodeType, id: string): string | null {
  const d = decodeId(id);
  return d && d.type === type ? d.uuid : null;
}
