/**
 * Wall times in the store's time zone for date-time inputs: a discount that "starts on 1 Dec at
 * 00:00" starts at midnight where the store is, wherever the person editing it sits.
 */

import { zonedFormat } from '../../../lib/format';

const WALL = /^(\d{4})-(\d{2})-(\d{2})T(\d{2}):(\d{2})$/;
const WALL_PARTS: Intl.DateTimeFormatOptions = {
  year: 'numeric',
  month: '2-digit',
  day: '2-digit',
  hour: '2-digit',
  minute: '2-digit',
  hourCycle: 'h23',
};

/** What the clock on the wall shows in `timeZone` at this instant, as "2026-12-01T09:30". */
export function wallTimeIn(iso: string, timeZone: string): string {
  const parts = zonedFormat(WALL_PARTS, timeZone, 'en-US').formatToParts(new Date(iso));
  const part = (type: Intl.DateTimeFormatPartTypes) => parts.find((p) => p.type === type)?.value ?? '00';
  return `${part('year')}-${part('month')}-${part('day')}T${part('hour')}:${part('minute')}`;
}

/** Minutes `timeZone` is ahead of UTC at this instant. */
function offsetMinutes(epoch: number, timeZone: string): number {
  const wall = WALL.exec(wallTimeIn(new Date(epoch).toISOString(), timeZone))!;
  const asUtc = Date.UTC(+wall[1]!, +wall[2]! - 1, +wall[3]!, +wall[4]!, +wall[5]!);
  return Math.round((asUtc - Math.floor(epoch / 60_000) * 60_000) / 60_000);
}

/**
 * The instant a wall time ("2026-12-01T09:30") names in `timeZone`, as ISO; null when it is not
 * one. A time the clocks skip (spring forward) is taken after the jump.
 */
export function instantOf(wall: string, timeZone: string): string | null {
  const m = WALL.exec(wall.trim());
  if (!m) return null;
  const asUtc = Date.UTC(+m[1]!, +m[2]! - 1, +m[3]!, +m[4]!, +m[5]!);
  if (Number.isNaN(asUtc)) return null;
  // The zone's offset near that time, then again at the result (it differs across a DST change).
  const first = asUtc - offsetMinutes(asUtc, timeZone) * 60_000;
  const second = asUtc - offsetMinutes(first, timeZone) * 60_000;
  return new Date(second).toISOString();
}
