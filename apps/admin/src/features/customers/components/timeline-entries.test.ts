import { describe, expect, it } from 'vitest';
import { timelineEntries } from './timeline-entries';

describe('customer timeline', () => {
  it('merges comments and audit events newest first, in words', () => {
    const entries = timelineEntries({
      comments: [{ body: 'Called about sizing', createdAt: '2026-11-21T10:00:00Z', staffName: 'Noah' }],
      events: [
        {
          id: 'aud_2',
          action: 'customer.update',
          actorName: 'Maya',
          createdAt: '2026-11-21T11:00:00Z',
          changes: [
            { field: 'first_name', before: '"Tim"', after: '"Timothy"' },
            { field: 'tags', before: '[]', after: '["vip"]' },
          ],
        },
        {
          id: 'aud_1',
          action: 'customer.create',
          actorName: 'Maya',
          createdAt: '2026-11-20T09:00:00Z',
          changes: [{ field: 'email', before: null, after: '"t@example.com"' }],
        },
        {
          id: 'aud_3',
          action: 'customer.comment_add',
          actorName: 'Noah',
          createdAt: '2026-11-21T10:00:00Z',
          changes: [],
        },
      ],
    });
    expect(entries.map((e) => [e.who, e.text, e.details])).toEqual([
      ['Maya', 'Edited the customer', ['First name: Tim → Timothy', 'Tags: — → vip']],
      ['Noah', 'Called about sizing', []],
      ['Maya', 'Created the customer', []],
    ]);
  });

  it('shows orders placed and refunds given, in the store currency, linking to the order', () => {
    const money = (amount: string) => ({ amount, currencyCode: 'USD' });
    const entries = timelineEntries({
      comments: [],
      events: [
        {
          id: 'aud_9',
          action: 'customer.address_add',
          actorName: 'Maya',
          createdAt: '2026-11-22T09:00:00Z',
          changes: [
            { field: 'line1', before: null, after: '"100 Main St"' },
            { field: 'order', before: null, after: '"#1234"' },
          ],
        },
      ],
      orderActivity: [
        {
          kind: 'REFUND',
          orderId: 'ord_1',
          orderName: '#1234',
          returnName: null,
          units: null,
          amount: money('5.00'),
          createdAt: '2026-11-23T09:00:00Z',
        },
        {
          kind: 'ORDER_PLACED',
          orderId: 'ord_1',
          orderName: '#1234',
          returnName: null,
          units: null,
          amount: money('77.00'),
          createdAt: '2026-11-22T09:00:00Z',
        },
      ],
    });
    expect(entries.map((e) => [e.kind, e.text, e.order?.id ?? null])).toEqual([
      ['order', 'Refunded $5.00 on #1234', 'ord_1'],
      ['event', 'Added an address', null],
      ['order', 'Placed order #1234 ($77.00)', 'ord_1'],
    ]);
    expect(entries[1]!.details).toEqual(['Street: — → 100 Main St', 'From order #1234']);
  });
});

describe('customer timeline in words (issue #26)', () => {
  it('shows a state as a word and leaves out a field that did not change', () => {
    const [entry] = timelineEntries({
      comments: [],
      events: [
        {
          id: 'aud_1',
          action: 'customer.disable',
          actorName: 'Ada',
          createdAt: '2026-11-28T05:00:00.000Z',
          changes: [
            { field: 'state', before: '"ENABLED"', after: '"DISABLED"' },
            { field: 'email', before: '"a@example.com"', after: '"a@example.com"' },
          ],
        },
      ],
    });
    expect(entry!.details).toEqual(['State: Enabled → Disabled']);
  });
});

describe('customer timeline: returns (issue #31)', () => {
  it('tells each step of a return by its name, a settlement with the money refunded', () => {
    const money = (amount: string) => ({ amount, currencyCode: 'USD' });
    const step = (kind: string, createdAt: string, extra: Record<string, unknown> = {}) => ({
      kind: kind as 'RETURN_REQUESTED',
      orderId: 'ord_1',
      orderName: '#1021',
      returnName: '#1021-R1',
      units: null,
      amount: money('0.00'),
      createdAt,
      ...extra,
    });
    const entries = timelineEntries({
      comments: [],
      events: [],
      orderActivity: [
        step('RETURN_SETTLED', '2026-11-25T09:00:00Z', { amount: money('41.90') }),
        step('RETURN_RECEIVED', '2026-11-24T09:00:00Z', { units: 2 }),
        step('RETURN_REQUESTED', '2026-11-23T09:00:00Z', { units: 1 }),
        step('RETURN_CANCELLED', '2026-11-26T09:00:00Z', { returnName: '#1021-R2' }),
        step('RETURN_SETTLED', '2026-11-27T09:00:00Z', { returnName: '#1021-R3' }),
      ],
    });
    expect(entries.map((e) => [e.who, e.text, e.order?.name])).toEqual([
      ['Return', 'Return #1021-R3 settled: nothing refunded', '#1021'],
      ['Return', 'Return #1021-R2 cancelled', '#1021'],
      ['Return', 'Return #1021-R1 settled: $41.90 refunded', '#1021'],
      ['Return', 'Return #1021-R1 received (2 items)', '#1021'],
      ['Return', 'Return #1021-R1 requested (1 item)', '#1021'],
    ]);
    expect(new Set(entries.map((e) => e.key)).size).toBe(entries.length);
  });
});
