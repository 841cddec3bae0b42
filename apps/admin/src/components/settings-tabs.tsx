import { Button, Group, Stack, Title } from '@mantine/core';
import { Link, useLocation } from 'react-router';
import type { Permission } from '../gql/graphql';
import { useSession } from '../lib/session-context';
import { ScrollRow } from './scroll-row';

const SECTIONS: { to: string; label: string; permission?: Permission }[] = [
  { to: '/settings', label: 'Store' },
  { to: '/settings/locations', label: 'Locations' },
  { to: '/settings/shipping', label: 'Shipping' },
  { to: '/settings/taxes', label: 'Taxes' },
  { to: '/settings/staff', label: 'Staff', permission: 'STAFF_MANAGE' },
  { to: '/settings/roles', label: 'Roles', permission: 'STAFF_MANAGE' },
  { to: '/settings/audit', label: 'Audit log', permission: 'AUDIT_READ' },
  { to: '/settings/api-tokens', label: 'API tokens', permission: 'STAFF_MANAGE' },
  { to: '/settings/jobs', label: 'Jobs' },
  { to: '/settings/webhooks', label: 'Webhooks', permission: 'WEBHOOKS_MANAGE' },
  { to: '/settings/notifications', label: 'Notifications' },
  { to: '/settings/documents', label: 'Documents' },
];

/** The heading and section links shared by the settings screens. */
export function SettingsTabs() {
  const { pathname } = useLocation();
  const { can } = useSession();
  // The page shown, most specific first ("/settings/staff/…" is Staff, not Store): its tab is
  // marked even when reached by URL without the permission (the page then says so).
  const active = [...SECTIONS]
    .sort((a, b) => b.to.length - a.to.length)
    .find((s) => pathname === s.to || pathname.startsWith(`${s.to}/`))?.to;
  const sections = SECTIONS.filter((s) => !s.permission || can(s.permission) || s.to === active);
  return (
    <Stack gap="xs">
      <Title order={1}>Settings</Title>
      <ScrollRow component="nav" aria-label="Settings sections" current={active}>
        <Group gap={2} wrap="nowrap">
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
      </ScrollRow>
    </Stack>
  );
}
