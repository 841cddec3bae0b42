import { describe, expect, it } from 'vitest';
import { shopSchema, taxOn } from './settings.js';

describe('store time zone', () => {
  const zoneOk = (timezone: string) => shopSchema.shape.timezone.safeParse(timezone).success;
  it('takes named IANA zones and UTC', () => {
    expect(zoneOk('Pacific/Auckland')).toBe(true);
    expect(zoneOk('America/Argentina/Buenos_Aires')).toBe(true);
    expect(zoneOk('UTC')).toBe(true);
  });
  it('refuses offsets, which PostgreSQL reads with the opposite sign, and unknown names', () => {
    expect(zoneOk('+05:00')).toBe(false);
    expect(zoneOk('-0800')).toBe(false);
    expect(zoneOk('Mars/Olympus')).toBe(false);
    expect(zoneOk('')).toBe(false);
  });
});

describe('tax on the largest amounts', () => {
  it('stays exact past 2^53 for three-decimal currencies', () => {
    const max = 99_999_999_999; // 99,999,999.999 KWD in fils
    // 8.875% on top: 8,874,999,999.911… → 8,875,000,000 after rounding
    expect(taxOn(max, '8.875', false)).toBe(8_874_999_999 + 1);
    // Inside the price at 20%: net = max / 1.2 = 83,333,333,332.5 → 83,333,333,333; tax is the rest.
    expect(taxOn(max, '20', true)).toBe(max - 83_333_333_333);
    expect(taxOn(1999, '8.875', false)).toBe(177);
    expect(taxOn(1200, '20', true)).toBe(200);
  });
});
