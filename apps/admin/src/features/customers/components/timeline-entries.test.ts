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
