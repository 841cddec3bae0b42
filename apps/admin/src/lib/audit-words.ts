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
