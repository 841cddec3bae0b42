import { describe, expect, it } from 'vitest';
import { checkSearch, parseSearch, RETURN_STATUSES } from '@stockroom/domain';
import { RETURN_TABS, returnTabOf } from './return-list-tabs';

describe('return tabs', () => {
  it('finds the tab of a search, spaces aside, and none for a search of one’s own', () => {
    expect(returnTabOf('  (status:open   OR status:partially_received) ')?.value).toBe('awaiting');
    expect(returnTabOf('')?.value).toBe('all');
    expect(returnTabOf('status:closed')).toBeNull();
  });

  it('are searches the returns list understands (its status values, to_settle)', () => {
    const fields = {
      status: { kind: 'enum', values: RETURN_STATUSES },
      to_settle: { kind: 'boolean' },
    } as const;
    for (const tab of RETURN_TABS) {
      expect(checkSearch(parseSearch(tab.query), fields)).toMatchObject({ ok: true });
    }
  });
});
