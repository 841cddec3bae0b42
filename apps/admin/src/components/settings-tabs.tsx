import { Button, Group, Stack, Title } from '@mantine/core';
import { Link, useLocation } from 'react-router';

const SECTIONS = [
  { to: '/settings', label: 'Store' },
  { to: '/settings/locations', label: 'Locations' },
  { to: '/settings/shipping', label: 'Shipping' },
  { to: '/settings/taxes', label: 'Taxes' },
];

/** The heading and section links shared by the settings screens. */
export function SettingsTabs() {
  const { pathname } = useLocation();
  const active = [...SECTIONS]
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
        {SECTIONS.map((s) => (
          <Button
            key={s.to}
            component={Link}
            to={s.to}
            size="compact-sm"
            px={10}
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
