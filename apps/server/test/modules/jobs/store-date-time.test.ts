import { describe, expect, it } from 'vitest';
import { storeDateTime } from '../../../src/modules/jobs/list-export.service.js';

const FORMATS = new Map<string, Intl.DateTimeFormat>();

/** What Intl writes for the instant itself (date, time and offset), one formatToParts a date. */
function reference(date: Date, timeZone: string): string {
  let format = FORMATS.get(timeZone);
  if (!format)
    FORMATS.set(
      timeZone,
      (format = new Intl.DateTimeFormat('en-US', {
        timeZone,
        year: 'numeric',
        month: '2-digit',
        day: '2-digit',
        hour: '2-digit',
        minute: '2-digit',
        second: '2-digit',
        hourCycle: 'h23',
        timeZoneName: 'longOffset',
      })),
    );
  const parts = Object.fromEntries(format.formatToParts(date).map((p) => [p.type, p.value]));
  const zone = String(parts['timeZoneName']);
  const offset = zone === 'GMT' ? '+0000' : zone.replace('GMT', '').replace(':', '');
  return `${parts['year']}-${parts['month']}-${parts['day']} ${parts['hour']}:${parts['minute']}:${parts['second']} ${offset}`;
}

// The export caches a zone's offset by the quarter hour: every date must still read as Intl reads
// it, across daylight-saving changes (whole, half-hour and Lord Howe's half-hour shift), in zones
// a quarter or half hour off, west and east, and at the last second before each change.
const ZONES = [
  'UTC',
  'America/New_York',
  'America/St_Johns',
  'Europe/London',
  'Europe/Paris',
  'Asia/Kolkata',
  'Asia/Kathmandu',
  'Australia/Lord_Howe',
  'Pacific/Chatham',
  'America/Santiago',
];

describe('storeDateTime', () => {
  it('writes every instant as Intl does, in its zone, across offset changes', () => {
    const start = Date.UTC(2025, 0, 1);
    const end = Date.UTC(2027, 0, 1);
    for (const zone of ZONES) {
      // Every 7 minutes 13 seconds (odd, so every minute and second comes up) for two years…
      for (let t = start; t < end; t += 433_000 * 37) {
        const d = new Date(t + 123);
        expect(storeDateTime(d, zone), `${zone} ${d.toISOString()}`).toBe(reference(d, zone));
      }
      // …and every minute around each change of offset (found by the hour), its last second too.
      let before = reference(new Date(start), zone).slice(-5);
      for (let t = start; t < end; t += 3_600_000) {
        const after = reference(new Date(t + 3_600_000), zone).slice(-5);
        const same = after === before;
        before = after;
        if (same) continue;
        for (let m = t - 60_000; m <= t + 3_660_000; m += 60_000)
          for (const d of [new Date(m), new Date(m - 1), new Date(m + 999)])
            expect(storeDateTime(d, zone), `${zone} ${d.toISOString()}`).toBe(reference(d, zone));
      }
    }
  });

  it('reads a date given as text, and nothing as nothing', () => {
    expect(storeDateTime('2026-11-28T14:05:03.999Z', 'America/New_York')).toBe('2026-11-28 09:05:03 -0500');
    expect(storeDateTime('2026-07-01T00:00:00Z', 'Asia/Kolkata')).toBe('2026-07-01 05:30:00 +0530');
    expect(storeDateTime(null, 'UTC')).toBeNull();
    expect(storeDateTime(undefined, 'UTC')).toBeNull();
  });
});
