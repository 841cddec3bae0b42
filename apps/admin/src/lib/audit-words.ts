/** Where an event's subject is seen in the admin, by its type; null for what has no page. */
export function subjectPath(type: string | null | undefined, id: string | null | undefined): string | null {
  if (!type || !id) return null;
  const routes: Record<string, string> = {
    Product: `/products/${id}`,
    Customer: `/customers/${id}`,
    Order: `/orders/${id}`,
    DraftOrder: `/drafts/${id}`,
    Discount: `/discounts/${id}`,
    Collection: `/collections/${id}`,
    Location: `/settings/locations/${id}`,
    ShippingZone: `/settings/shipping/${id}`,
  };
  return routes[type] ?? null;
}

/** "DraftOrder" → "Draft order". */
export function typeWords(type: string): string {
  const words = type.replace(/([a-z])([A-Z])/g, '$1 $2').toLowerCase();
  return words.charAt(0).toUpperCase() + words.slice(1);
}

/** What an event calls its subject, from its own changes: a title, name, code or number. */
export function subjectName(
  changes: readonly { field: string; before?: string | null; after?: string | null }[],
) {
  for (const key of ['name', 'title', 'code', 'email']) {
    const change = changes.find((c) => c.field === key);
    const value = readable(change?.after ?? change?.before ?? null);
    if (value && value !== '—') return value;
  }
  return null;
}

const LONG = 120;

/** A recorded value (JSON) as a person reads it: text as is, lists joined, nothing as a dash. */
export function readable(json: string | null | undefined): string {
  if (json === null || json === undefined) return '—';
  let value: unknown;
  try {
    value = JSON.parse(json);
  } catch {
    return json;
  }
  const text =
    value === null
      ? '—'
      : typeof value === 'string'
        ? value || '(empty)'
        : Array.isArray(value) && value.every((v) => typeof v === 'string' || typeof v === 'number')
          ? value.join(', ') || '(none)'
          : typeof value === 'number' || typeof value === 'boolean'
            ? String(value)
            : JSON.stringify(value);
  return text.length > LONG ? `${text.slice(0, LONG - 1)}…` : text;
}

/** "product.update" → "Product update"; "staff.login_failed" → "Staff login failed". */
export function actionWords(action: string): string {
  const words = action.replace(/[._]/g, ' ');
  return words.charAt(0).toUpperCase() + words.slice(1);
}

export interface RecordedChange {
  field: string;
  before?: string | null;
  after?: string | null;
  beforeText?: string | null;
  afterText?: string | null;
}

/** A value as a person reads it: the server's words for money and references, else the JSON read plainly. */
export function shownValue(json: string | null | undefined, text: string | null | undefined): string {
  return text ?? readable(json);
}

const LONG_TEXT = 120;

/** Both values as plain text when either is long (a description, a note): those read better as a diff. */
export function longTexts(change: RecordedChange): [string, string] | null {
  const parse = (json: string | null | undefined) => {
    if (json === null || json === undefined) return '';
    try {
      const v: unknown = JSON.parse(json);
      return typeof v === 'string' ? v : null;
    } catch {
      return null;
    }
  };
  const before = parse(change.before);
  const after = parse(change.after);
  if (before === null || after === null) return null;
  if (before.length <= LONG_TEXT && after.length <= LONG_TEXT && !/\n/.test(before + after)) return null;
  // Descriptions are HTML: compare what a shopper reads.
  const plain = (s: string) =>
    s
      .replace(/<[^>]+>/g, ' ')
      .replace(/&nbsp;/g, ' ')
      .replace(/\s+/g, ' ')
      .trim();
  return [plain(before), plain(after)];
}

/** How money and dates read in this store: its currency and its time zone (the app's formats). */
export interface StoreFormats {
  money: (minor: number) => string;
  date: (iso: string) => string;
}

/** One line of a change as shown: a label and before → after in words; null where there is none. */
export interface ShownChange {
  key: string;
  label: string;
  before: string | null;
  after: string | null;
  /** Long texts (descriptions, notes) as plain text, to show as a word diff. */
  long: [string, string] | null;
}

/** Fields recorded in minor units of the store's currency (as the server's audit-readable knows them). */
const MONEY =
  /(^|_)(price|amount|total|subtotal|shipping|refunded|captured|voided|cost)(_|$)|^(price|compareAtPrice|costPrice|amount)$/;
/** Fields whose values are codes (PARTIALLY_REFUNDED): shown as words. */
const CODES = /(^|_)(status|state|reason|source|kind|disposition|permissions|actor_type|type)$/;
const ISO_DATE = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}(:\d{2}(\.\d+)?)?(Z|[+-]\d{2}:?\d{2})$/;
const CODE = /^[A-Z][A-Z0-9]*(_[A-Z0-9]+)*$/;
const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
const isStoredId = (v: unknown) => v === null || (typeof v === 'string' && UUID.test(v));

/** "PARTIALLY_REFUNDED" → "Partially refunded". */
export function codeWords(code: string): string {
  // A short code is an acronym ("API", "POS"), not a word.
  if (code.length <= 3 && !code.includes('_')) return code;
  const words = code.toLowerCase().replace(/_/g, ' ');
  return words.charAt(0).toUpperCase() + words.slice(1);
}

/** "payment_status" → "Payment status"; "compareAtPrice" → "Compare-at price". */
export function fieldWords(field: string): string {
  if (field === 'compareAtPrice' || field === 'compare_at_price') return 'Compare-at price';
  const words = field
    .replace(/([a-z])([A-Z])/g, '$1 $2')
    .replace(/_/g, ' ')
    .toLowerCase();
  return words.charAt(0).toUpperCase() + words.slice(1);
}

function parse(json: string | null | undefined): unknown {
  if (json === null || json === undefined) return null;
  try {
    return JSON.parse(json) as unknown;
  } catch {
    return json;
  }
}

/** JSON with object keys in one order: the database may give them back reordered. */
function canonical(value: unknown): string {
  return JSON.stringify(value ?? null, (_k, v: unknown) =>
    v && typeof v === 'object' && !Array.isArray(v)
      ? Object.fromEntries(Object.entries(v as Record<string, unknown>).sort(([a], [b]) => (a < b ? -1 : 1)))
      : v,
  );
}

type Obj = Record<string, unknown>;
const isObj = (v: unknown): v is Obj => typeof v === 'object' && v !== null && !Array.isArray(v);
/** A recorded name or title: text (or a number) as it is, else the fallback. */
const text = (v: unknown, fallback: string): string =>
  (typeof v === 'string' && v) || typeof v === 'number' ? String(v) : fallback;

/** A refunded (or returned) line: "1 × Slim Leather Cap, restocked at Main warehouse". */
export function lineWords(line: Obj): string {
  const title = text(line.title, text(line.sku, 'an item'));
  const restock = line.restock
    ? typeof line.location === 'string' && line.location
      ? `, restocked at ${line.location}`
      : ', restocked'
    : '';
  return `${Number(line.quantity ?? 1).toLocaleString()} × ${title}${restock}`;
}

function variantWords(v: Obj, f: StoreFormats): string {
  return [
    text(v.title, 'Default'),
    typeof v.sku === 'string' && v.sku ? v.sku : null,
    typeof v.price === 'number' ? f.money(v.price) : null,
  ]
    .filter(Boolean)
    .join(' · ');
}

const ADDRESS_ORDER = ['firstName', 'lastName', 'company', 'line1', 'line2', 'city', 'region', 'postalCode'];

/** One recorded value in words, by what its field holds. */
export function valueWords(field: string, value: unknown, f: StoreFormats): string {
  if (value === null || value === undefined) return '—';
  if (typeof value === 'number')
    return Number.isInteger(value) && MONEY.test(field) ? f.money(value) : value.toLocaleString();
  if (typeof value === 'boolean') return value ? 'Yes' : 'No';
  if (typeof value === 'string') {
    if (!value) return '(empty)';
    if (ISO_DATE.test(value)) return f.date(value);
    if (CODES.test(field) && CODE.test(value)) return codeWords(value);
    return value.length > LONG ? `${value.slice(0, LONG - 1)}…` : value;
  }
  if (Array.isArray(value)) {
    if (!value.length) return '(none)';
    const parts = value.map((v) => {
      if (!isObj(v)) return valueWords(field, v, f);
      if ('quantity' in v && ('title' in v || 'sku' in v)) return lineWords(v);
      if (field === 'variants') return variantWords(v, f);
      return text(v.title, text(v.name, text(v.code, valueWords(field, v, f))));
    });
    return parts.join(field === 'variants' || field === 'lines' ? '; ' : ', ');
  }
  if (isObj(value)) {
    const keys = [
      ...ADDRESS_ORDER.filter((k) => k in value),
      ...Object.keys(value).filter((k) => !ADDRESS_ORDER.includes(k)),
    ];
    const parts = keys
      .map((k) => value[k])
      .filter((v) => v !== null && v !== undefined && v !== '' && typeof v !== 'object')
      .map((v) => (typeof v === 'number' || typeof v === 'boolean' ? valueWords('', v, f) : text(v, '')));
    return parts.join(', ') || '—';
  }
  return '—';
}

const VARIANT_FIELDS = ['title', 'sku', 'price', 'compareAtPrice'] as const;

/** A product's variant lists, before and after, as only what changed: "Price of Black / M". */
function variantChanges(before: unknown[], after: unknown[], f: StoreFormats): ShownChange[] {
  const b = before.filter(isObj);
  const a = after.filter(isObj);
  const keyOf = (v: Obj, i: number) => (typeof v.id === 'string' ? v.id : `#${text(v.title, String(i))}`);
  const was = new Map(b.map((v, i) => [keyOf(v, i), v]));
  const now = new Set(a.map(keyOf));
  const rows: ShownChange[] = [];
  a.forEach((v, i) => {
    const key = keyOf(v, i);
    const old = was.get(key);
    if (!old) {
      rows.push({
        key: `variant:${key}`,
        label: 'Variant added',
        before: null,
        after: variantWords(v, f),
        long: null,
      });
      return;
    }
    for (const field of VARIANT_FIELDS) {
      if (canonical(old[field]) === canonical(v[field])) continue;
      rows.push({
        key: `variant:${key}:${field}`,
        label: `${fieldWords(field)} of ${text(old.title, 'Default')}`,
        before: valueWords(field, old[field], f),
        after: valueWords(field, v[field], f),
        long: null,
      });
    }
  });
  b.forEach((v, i) => {
    const key = keyOf(v, i);
    if (!now.has(key))
      rows.push({
        key: `variant:${key}`,
        label: 'Variant removed',
        before: variantWords(v, f),
        after: null,
        long: null,
      });
  });
  return rows;
}

/**
 * An event's recorded changes as a person reads them: only what changed (a product's variant list
 * narrowed to the variant and field that moved; a value the same before and after left out), codes
 * as words, money and dates in the store's formats, refunded lines as sentences. Events recorded
 * before any of this read the same way: the recorded `changes` keep their meaning.
 */
export function shownChanges(changes: readonly RecordedChange[], f: StoreFormats): ShownChange[] {
  const rows: ShownChange[] = [];
  for (const c of changes) {
    const before = parse(c.before);
    const after = parse(c.after);
    if (canonical(before) === canonical(after)) continue;
    // A stored id the server could not name (a customer_id) says nothing to a person.
    if (isStoredId(before) && isStoredId(after) && !c.beforeText && !c.afterText) continue;
    if (c.field === 'variants' && Array.isArray(before) && Array.isArray(after)) {
      rows.push(...variantChanges(before, after, f));
      continue;
    }
    // The server's words name what only it can look up (a category, an undone event); money and
    // lists read better in the store's own format here.
    const server = (text: string | null | undefined) =>
      text && !MONEY.test(c.field) && c.field !== 'variants' ? text : null;
    rows.push({
      key: c.field,
      label: c.field === 'lines' ? 'Items' : fieldWords(c.field),
      before: c.before == null ? null : (server(c.beforeText) ?? valueWords(c.field, before, f)),
      after: c.after == null ? null : (server(c.afterText) ?? valueWords(c.field, after, f)),
      long: longTexts(c),
    });
  }
  return rows;
}
