import { Button, Group, Stack, Title } from '@mantine/core';
import { Link, useLocation } from 'react-router';
import type { Permission } from '../gql/graphql';
import { useSession } from '../lib/session-context';

const SECTIONS: { to: string; label: string; permission?: Permission }[] = [
  { to: '/settings', label: 'Store' },
  { to: '/settings/locations', label: 'Locations' },
  { to: '/settings/shipping', label: 'Shipping' },
  { to: '/settings/taxes', label: 'Taxes' },
  { to: '/settings/staff', label: 'Staff', permission: 'STAFF_MANAGE' },
  { to: '/settings/roles', label: 'Roles', permission: 'STAFF_MANAGE' },
  { to: '/settings/audit', label: 'Audit log', permission: 'AUDIT_READ' },
  { to: '/settings/api-tokens', label: 'API tokens', permission: 'STAFF_MANAGE' },
];

/** The heading and section links shared by the settings screens. */
export function SettingsTabs() {
  const { pathname } = useLocation();
  const { can } = useSession();
  const sections = SECTIONS.filter((s) => !s.permission || can(s.permission));
  const active = [...sections]
    .reverse()
    .find((s) => pathname === s.to || pathname.startsWith(`${s.to}/`))?.to;
  return (
    <Stack gap="xs">
      <Title order={1}>Settings</Title>
      <Group
        component="nav"
        aria-label="Settings sections"
        gap={2}
        wrap="nowrap"
        style={{ overflowX: 'auto' }}
      >
        {sections.map((s) => (
          <Button
            key={s.to}
            component={Link}
            to={s.to}
            size="compact-sm"
            px={10}
            style={{ flexShrink: 0 }}
            variant={s.to === active ? 'light' : 'subtle'}
            color={s.to === active ? undefined : 'gray'}
            aria-current={s.to === active ? 'page' : undefined}
          >
            {s.label}
          </Button>
        ))}
      </Group>
    </Stack>
  );
}
