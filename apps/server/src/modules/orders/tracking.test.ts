import { describe, expect, it } from 'vitest';
import { carrierName, knownCarrier, trackingUrlFor } from './tracking.js';

describe('tracking links', () => {
  it('builds the tracking page of each known carrier from the number', () => {
    expect(trackingUrlFor('UPS', '1Z999AA10123456784')).toBe(
      'https://www.ups.com/track?tracknum=1Z999AA10123456784',
    );
    expect(trackingUrlFor('usps', '9400 1000 0000 0000 0000 00')).toBe(
      'https://tools.usps.com/go/TrackConfirmAction?tLabels=9400100000000000000000',
    );
    expect(trackingUrlFor('Fed Ex', '123456789012')).toBe(
      'https://www.fedex.com/fedextrack/?trknbr=123456789012',
    );
    expect(trackingUrlFor('DHL Express', '1234567890')).toBe(
      'https://www.dhl.com/global-en/home/tracking/tracking-express.html?submit=1&tracking-id=1234567890',
    );
    expect(trackingUrlFor('royal mail', 'AB123456789GB')).toBe(
      'https://www.royalmail.com/track-your-item#/tracking-results/AB123456789GB',
    );
  });

  it('encodes what could break out of the URL', () => {
    expect(trackingUrlFor('UPS', 'a&b=c/d')).toBe('https://www.ups.com/track?tracknum=a%26b%3Dc%2Fd');
  });

  it('has no link for other carriers or without a number', () => {
    expect(trackingUrlFor('Pigeon Post', '42')).toBeNull();
    expect(trackingUrlFor('UPS', '  ')).toBeNull();
    expect(trackingUrlFor(null, '42')).toBeNull();
    expect(knownCarrier('')).toBeNull();
  });

  it("names known carriers their own way and keeps others' names as typed", () => {
    expect(carrierName(' fedex ')).toBe('FedEx');
    expect(carrierName('ROYAL-MAIL')).toBe('Royal Mail');
    expect(carrierName(' Pigeon Post ')).toBe('Pigeon Post');
    expect(carrierName('   ')).toBeNull();
  });
});
