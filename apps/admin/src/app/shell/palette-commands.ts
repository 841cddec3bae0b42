import {
  IconBuildingWarehouse,
  IconFilePencil,
  IconKeyboard,
  IconLogout,
  IconMoon,
  IconPlus,
  type Icon,
} from '@tabler/icons-react';
import type { Permission } from '../../gql/graphql';
import { NAV_ENTRIES } from './nav-registry';

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

/** Commands whose words start with, or contain, what was typed. */
export function matchingCommands(commands: readonly Command[], query: string): Command[] {
  const q = query.trim().toLowerCase();
  if (!q) return [...commands];
  return commands.filter((c) => `${c.label} ${c.keywords ?? ''}`.toLowerCase().includes(q));
}
