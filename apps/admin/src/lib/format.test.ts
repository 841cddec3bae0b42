import { describe, expect, it } from 'vitest';
import { formatDateTime } from './format';

const BROWSER_ZONE = new Intl.DateTimeFormat().resolvedOptions().timeZone;
const medium = (iso: string, timeZone?: string) =>
  new Intl.DateTimeFormat(undefined, {
    dateStyle: 'medium',
    timeStyle: 'short',
    ...(timeZone ? { timeZone } : {}),
  }).format(new Date(iso));

describe('formatDateTime', () => {
  const iso = '2026-11-21T01:05:00Z';

  it('shows the browser’s zone without naming it when no store zone is known', () => {
    expect(formatDateTime(iso)).toBe(medium(iso));
    expect(formatDateTime(iso, null)).toBe(medium(iso));
  });

  it('shows the store’s zone unnamed when it is the browser’s', () => {
    expect(formatDateTime(iso, BROWSER_ZONE)).toBe(medium(iso));
  });

  it('shows another store zone and names it', () => {
    const zone = BROWSER_ZONE === 'Pacific/Auckland' ? 'America/Los_Angeles' : 'Pacific/Auckland';
    const out = formatDateTime(iso, zone);
    expect(out.startsWith(`${medium(iso, zone)} `)).toBe(true);
    expect(out.slice(medium(iso, zone).length + 1)).toMatch(
      zone === 'Pacific/Auckland' ? /^(NZDT|GMT\+13)$/ : /^(PST|GMT-8)$/,
    );
  });

  it('falls back to the browser’s zone for a zone it does not know, and leaves a bad date as it came', () => {
    expect(formatDateTime(iso, 'Mars/Olympus_Mons')).toBe(medium(iso));
    expect(formatDateTime('not a date', 'Pacific/Auckland')).toBe('not a date');
  });
});
