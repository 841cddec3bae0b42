import {
  IconBuildingWarehouse,
  IconFilePencil,
  IconKeyboard,
  IconLogout,
  IconMoon,
  IconPlus,
  IconUserPlus,
  IconKey,
  IconHistory,
  type Icon,
} from '@tabler/icons-react';
import type { Permission } from '../../gql/graphql';
import { NAV_ENTRIES } from './nav-registry';
import { matchByWords } from './palette-match';

export interface Command {
  id: string;
  label: string;
  icon: Icon;
  permission: Permission | null;
  /** A route to open, or an action the palette knows by id. */
  to?: string;
  run?: 'sign-out' | 'toggle-theme' | 'shortcuts';
  keywords?: string;
}

/** What the palette can do besides finding records; each shown only to those who may. */
export const COMMANDS: readonly Command[] = [
  {
    id: 'create-product',
    label: 'Create product',
    icon: IconPlus,
    permission: 'CATALOG_WRITE',
    to: '/products/new',
  },
  {
    id: 'create-customer',
    label: 'Create customer',
    icon: IconUserPlus,
    permission: 'CUSTOMERS_WRITE',
    to: '/customers/new',
  },
  {
    id: 'create-collection',
    label: 'Create collection',
    icon: IconPlus,
    permission: 'CATALOG_WRITE',
    to: '/collections/new',
  },
  {
    id: 'new-draft',
    label: 'New draft order',
    icon: IconFilePencil,
    permission: 'ORDERS_WRITE',
    to: '/drafts/new',
    keywords: 'create order',
  },
  {
    id: 'go-inventory',
    label: 'Go to inventory',
    icon: IconBuildingWarehouse,
    permission: 'CATALOG_READ',
    to: '/inventory',
    keywords: 'stock',
  },
  ...NAV_ENTRIES.filter((e) => e.to !== '/inventory').map((e) => ({
    id: `go-${e.to}`,
    label: `Go to ${e.label.toLowerCase()}`,
    icon: e.icon,
    permission: e.permission,
    to: e.to,
  })),
  {
    id: 'go-staff',
    label: 'Go to staff',
    icon: IconUserPlus,
    permission: 'STAFF_MANAGE',
    to: '/settings/staff',
    keywords: 'invite roles',
  },
  {
    id: 'go-api-tokens',
    label: 'Go to API tokens',
    icon: IconKey,
    permission: 'STAFF_MANAGE',
    to: '/settings/api-tokens',
    keywords: 'integrations',
  },
  {
    id: 'go-audit',
    label: 'Go to audit log',
    icon: IconHistory,
    permission: 'AUDIT_READ',
    to: '/settings/audit',
  },
  {
    id: 'toggle-theme',
    label: 'Toggle dark mode',
    icon: IconMoon,
    permission: null,
    run: 'toggle-theme',
    keywords: 'light theme',
  },
  {
    id: 'shortcuts',
    label: 'Keyboard shortcuts',
    icon: IconKeyboard,
    permission: null,
    run: 'shortcuts',
    keywords: 'help keys',
  },
  {
    id: 'sign-out',
    label: 'Sign out',
    icon: IconLogout,
    permission: null,
    run: 'sign-out',
    keywords: 'log out',
  },
];

/**
 * Commands answering what was typed: every typed word starts a word of the command or names one
 * of its synonyms (palette-match.ts), in any order, best matches first.
 */
export function matchingCommands(commands: readonly Command[], query: string): Command[] {
  return matchByWords(commands, query, (c) => `${c.label} ${c.keywords ?? ''}`);
}
