import { describe, expect, it } from 'vitest';
import { readOnce } from '../../../src/modules/events/live-hub.js';
import type { DomainEvent } from '../../../src/modules/events/events.model.js';

const event = (id: string): DomainEvent => ({
  id,
  position: 1,
  type: 'order.created',
  subjectType: 'Order',
  subjectId: 'o1',
  version: 1,
  actor: { type: 'staff', id: null, name: null },
  payload: {},
  createdAt: new Date(),
});

describe('readOnce: an event object read once for all the streams it is delivered to', () => {
  it('reads once per event and key, and again for the next event', async () => {
    let reads = 0;
    const read = () => Promise.resolve({ row: ++reads });
    const first = event('e1');
    const answers = await Promise.all([1, 2, 3].map(() => readOnce(first, 'order', read)));
    expect(answers).toEqual([{ row: 1 }, { row: 1 }, { row: 1 }]);
    expect(await readOnce(first, 'customer', read)).toEqual({ row: 2 });
    // The next event (another object, even for the same subject) is read afresh.
    expect(await readOnce(event('e2'), 'order', read)).toEqual({ row: 3 });
  });
});
