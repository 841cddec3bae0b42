const relative = new Intl.RelativeTimeFormat(undefined, { numeric: 'auto' });

/** The browser's own time zone: dates shown in another one say which. */
const BROWSER_ZONE = new Intl.DateTimeFormat().resolvedOptions().timeZone;

const formats = new Map<string, Intl.DateTimeFormat>();

/**
 * The one way the admin formats dates in a time zone (usually the store's): an Intl.DateTimeFormat
 * with these options in `timeZone`, or in the browser's own zone when none is given or this browser
 * does not know the zone. Kept per options and zone, since making one is slow.
 */
export function zonedFormat(
  options: Intl.DateTimeFormatOptions,
  timeZone?: string | null,
  locale?: string,
): Intl.DateTimeFormat {
  const key = JSON.stringify([locale ?? null, timeZone ?? null, options]);
  let found = formats.get(key);
  if (!found) {
    try {
      found = new Intl.DateTimeFormat(locale, { ...options, ...(timeZone ? { timeZone } : {}) });
    } catch {
      // A zone this browser does not know: its own zone is the best it can do.
      found = new Intl.DateTimeFormat(locale, options);
    }
    formats.set(key, found);
  }
  return found;
}

interface ZoneFormat {
  dateTime: Intl.DateTimeFormat;
  /** Formats only the zone's short name ("NZDT", "GMT+13"); null in the browser's own zone. */
  zoneName: Intl.DateTimeFormat | null;
}

const zoneFormats = new Map<string, ZoneFormat>();

function zoneFormat(timeZone: string | null | undefined): ZoneFormat {
  const key = timeZone ?? '';
  let found = zoneFormats.get(key);
  if (!found) {
    const dateTime = zonedFormat({ dateStyle: 'medium', timeStyle: 'short' }, timeZone);
    const zone = dateTime.resolvedOptions().timeZone;
    const zoneName = zone === BROWSER_ZONE ? null : zonedFormat({ timeZoneName: 'short' }, zone);
    found = { dateTime, zoneName };
    zoneFormats.set(key, found);
  }
  return found;
}

/**
 * A date and time as people read them, in the store's time zone when given ("21 Nov 2026, 14:05"),
 * naming the zone when it is not the browser's ("21 Nov 2026, 14:05 NZDT"). Without a zone, the
 * browser's. Every date the admin shows goes through here.
 */
export function formatDateTime(iso: string, timeZone?: string | null): string {
  const date = new Date(iso);
  if (Number.isNaN(date.getTime())) return iso;
  const { dateTime, zoneName } = zoneFormat(timeZone);
  const text = dateTime.format(date);
  const name = zoneName?.formatToParts(date).find((part) => part.type === 'timeZoneName')?.value;
  return name ? `${text} ${name}` : text;
}

const STEPS: readonly [Intl.RelativeTimeFormatUnit, number][] = [
  ['second', 60],
  ['minute', 60],
  ['hour', 24],
  ['day', 30],
  ['month', 12],
  ['year', Number.POSITIVE_INFINITY],
];

/** "3 minutes ago", "yesterday", … relative to `now`. */
export function formatRelative(iso: string, now: number = Date.now()): string {
  const time = new Date(iso).getTime();
  if (Number.isNaN(time)) return iso;
  let value = (time - now) / 1000;
  for (const [unit, size] of STEPS) {
    if (Math.abs(value) < size) return relative.format(Math.round(value), unit);
    value /= size;
  }
  return formatDateTime(iso);
}

const BROWSERS: readonly [RegExp, string][] = [
  [/Edg\//, 'Edge'],
  [/OPR\//, 'Opera'],
  [/Firefox\//, 'Firefox'],
  [/HeadlessChrome\//, 'Headless Chrome'],
  [/Chrom(e|ium)\//, 'Chrome'],
  [/Safari\//, 'Safari'],
  [/curl\//i, 'curl'],
];

const SYSTEMS: readonly [RegExp, string][] = [
  [/iPhone|iPad/, 'iOS'],
  [/Android/, 'Android'],
  [/Mac OS X/, 'macOS'],
  [/Windows/, 'Windows'],
  [/CrOS/, 'ChromeOS'],
  [/Linux/, 'Linux'],
];

/** A short description of a browser from its user agent: "Chrome on macOS". */
export function describeUserAgent(userAgent: string | null | undefined): string {
  if (!userAgent) return 'Unknown device';
  const browser = BROWSERS.find(([pattern]) => pattern.test(userAgent))?.[1];
  const system = SYSTEMS.find(([pattern]) => pattern.test(userAgent))?.[1];
  if (browser && system) return `${browser} on ${system}`;
  return browser ?? system ?? userAgent.slice(0, 60);
}

/** A Money value ({ amount: "19.99", currencyCode: "USD" }) in the viewer's locale: "$19.99". */
export function formatMoney(money: { amount: string; currencyCode: string }): string {
  const value = Number(money.amount);
  if (!Number.isFinite(value)) return `${money.amount} ${money.currencyCode}`;
  try {
    return new Intl.NumberFormat(undefined, { style: 'currency', currency: money.currencyCode }).format(
      value,
    );
  } catch {
    return `${money.amount} ${money.currencyCode}`;
  }
}
