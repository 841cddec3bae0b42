import { IconHome, IconReceipt } from '@tabler/icons-react';
import { describe, expect, it } from 'vitest';
import type { Permission } from '../../gql/graphql';
import { NAV_ENTRIES, visibleNavEntries, type NavEntry } from './nav-registry';

const entries: NavEntry[] = [
  { to: '/', label: 'Home', icon: IconHome, permission: null, end: true },
  { to: '/orders', label: 'Orders', icon: IconReceipt, permission: 'ORDERS_READ' },
];

function holding(...held: Permission[]) {
  return (permission: Permission) => held.includes(permission);
}

describe('visibleNavEntries', () => {
  it('shows a section only to people holding its permission', () => {
    expect(visibleNavEntries(entries, holding()).map((e) => e.label)).toEqual(['Home']);
    expect(visibleNavEntries(entries, holding('ORDERS_READ')).map((e) => e.label)).toEqual([
      'Home',
      'Orders',
    ]);
  });

  it('keeps the registry in order, starting with Home for everyone', () => {
    expect(NAV_ENTRIES[0]?.to).toBe('/');
    expect(visibleNavEntries(NAV_ENTRIES, holding()).length).toBeGreaterThan(0);
  });
});
