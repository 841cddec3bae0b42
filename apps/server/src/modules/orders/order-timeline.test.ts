import { describe, expect, it } from 'vitest';
import type { AuditEvent } from '../audit/audit.model.js';
import { eventSentence, moneyWords } from './order-timeline.js';

function event(action: string, changes: Record<string, unknown>, actor: string | null = 'Ada'): AuditEvent {
  return {
    id: '0190a0a0-0000-7000-8000-000000000000',
    actorType: actor ? 'staff' : 'system',
    actorId: null,
    actorName: actor,
    action,
    subjectType: 'Order',
    subjectId: '0190a0a0-0000-7000-8000-000000000001',
    changes: Object.fromEntries(Object.entries(changes).map(([k, after]) => [k, { before: null, after }])),
    requestId: null,
    ip: null,
    jobId: null,
    createdAt: new Date(),
  };
}

describe('order timeline sentences', () => {
  it('says what each order action did, in plain words with money in the currency', () => {
    const say = (action: string, changes: Record<string, unknown>, actor?: string | null) =>
      eventSentence(event(action, changes, actor), 'USD');
    expect(say('order.create', { source: 'API' })).toBe('Order placed by Ada (API)');
    expect(say('order.create', { source: 'DEMO' }, null)).toBe('Order placed by the system (demo data)');
    expect(say('order.mark_paid', { amount: 1200 })).toBe('Marked as paid: $12.00');
    expect(say('order.capture', { amount: 500 })).toBe('Captured payment: $5.00');
    expect(say('order.void', { amount: 4500 })).toBe('Voided the authorization: $45.00');
    expect(
      say('order.fulfill', { quantity: 2, location: 'Warehouse', carrier: 'UPS', tracking_number: '1Z9' }),
    ).toBe('Fulfilled 2 items from Warehouse (UPS 1Z9)');
    expect(say('order.fulfill', { quantity: 1, location: 'Shop' })).toBe('Fulfilled 1 item from Shop');
    expect(say('order.cancel', { cancel_reason: 'customer changed mind' })).toBe(
      'Cancelled: customer changed mind',
    );
    expect(say('order.cancel', { refunded: 1999 })).toBe('Cancelled (refunded $19.99)');
    expect(say('order.refund', { amount: 1794 })).toBe('Refunded $17.94');
    expect(
      say('order.refund', {
        amount: 1794,
        lines: [
          { title: 'Cap', quantity: 2, restocked: 2, location: 'Shop' },
          { title: 'Mug', quantity: 1, restocked: 0 },
        ],
      }),
    ).toBe('Refunded $17.94: 2 × Cap, restocked at Shop; 1 × Mug');
    expect(say('order.refund', { amount: 0, lines: [{ title: 'Cap', quantity: 3, restocked: 1 }] })).toBe(
      '1 item back in stock, no money refunded: 3 × Cap, 1 restocked',
    );
    expect(say('order.close', {})).toBe('Archived');
    expect(say('order.reopen', {})).toBe('Unarchived');
    expect(say('order.update', { email: 'x', shipping_address: {}, tags: [] })).toBe(
      'Changed the email, shipping address and tags',
    );
    expect(say('order.something_new', {})).toBe('Something new');
  });

  it('writes the cancelled fulfillment by name', () => {
    const e = event('order.fulfillment_cancel', {});
    e.changes = {
      fulfillment: { before: '#1001-F1', after: 'CANCELLED' },
      quantity: { before: 3, after: null },
    };
    expect(eventSentence(e, 'USD')).toBe('Cancelled fulfillment #1001-F1: 3 items back to unfulfilled');
  });

  it('reads refunded lines as sentences, old refunds (no location kept) too', () => {
    const say = (changes: Record<string, unknown>) => eventSentence(event('order.refund', changes), 'USD');
    expect(
      say({
        amount: 2500,
        lines: [
          { sku: 'CAP', title: 'Slim Leather Cap', quantity: 1, restock: true, location: 'Main warehouse' },
          { sku: 'MUG', title: 'Mug', quantity: 2, restock: false },
        ],
      }),
    ).toBe('Refunded $25.00: 1 × Slim Leather Cap, restocked at Main warehouse; 2 × Mug');
    expect(say({ amount: 900, lines: [{ sku: 'CAP', title: 'Cap', quantity: 1, restock: true }] })).toBe(
      'Refunded $9.00: 1 × Cap, restocked',
    );
    expect(say({ amount: 500, reason: 'Late' })).toBe('Refunded $5.00. Reason: Late');
  });

  it('says what a return exchanges, and what its cancel took off the order (issue #31)', () => {
    const say = (action: string, changes: Record<string, unknown>) =>
      eventSentence(event(action, changes), 'USD');
    expect(
      say('order.return_create', {
        return: '#1001-R1',
        lines: [{ sku: 'TEE-M', title: 'Tee', quantity: 1, reason: 'Size too small' }],
        exchange: [{ sku: 'TEE-L', title: 'Tee', variant: 'L', quantity: 1, unitPrice: 3200 }],
      }),
    ).toBe('Return #1001-R1 requested: 1 × Tee (Size too small); exchange for 1 × Tee / L at $32.00');
    expect(
      say('order.return_create', {
        return: '#1001-R2',
        lines: [{ title: 'Cap', quantity: 2, reason: 'Unwanted' }],
      }),
    ).toBe('Return #1001-R2 requested: 2 × Cap (Unwanted)');
    expect(say('order.return_cancel', { return: '#1001-R1', exchange_removed: 2 })).toBe(
      'Return #1001-R1 cancelled (2 items of its exchange taken off the order)',
    );
    expect(say('order.return_cancel', { return: '#1001-R1' })).toBe('Return #1001-R1 cancelled');
  });

  it('formats amounts with the currency’s own decimals', () => {
    expect(moneyWords(1234, 'EUR')).toBe('€12.34');
    expect(moneyWords(1234, 'JPY')).toBe('¥1,234');
  });
});

describe('order edit sentences (issue #32)', () => {
  it('says who edited, what changed and why', () => {
    const say = (changes: Record<string, unknown>, actor?: string | null) =>
      eventSentence(event('order.edit', changes, actor), 'USD');
    expect(
      say({
        summary: ['added 1 × Linen Shirt — M at $30.00', 'Shipping Standard $5.00 → Express $8.00'],
        reason: 'Customer called',
      }),
    ).toBe(
      'Edited by Ada: added 1 × Linen Shirt — M at $30.00, Shipping Standard $5.00 → Express $8.00; reason: Customer called',
    );
    expect(say({ summary: ['removed 2 × Tee — L'] }, null)).toBe('Edited by the system: removed 2 × Tee — L');
  });
});
