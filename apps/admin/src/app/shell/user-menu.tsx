import { useApolloClient } from '@apollo/client/react';
import {
  Avatar,
  Group,
  Menu,
  Text,
  UnstyledButton,
  useComputedColorScheme,
  useMantineColorScheme,
} from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { IconChevronDown, IconLogout, IconMoon, IconSun, IconUserCircle } from '@tabler/icons-react';
import { useState } from 'react';
import { Link, useNavigate } from 'react-router';
import { describeError } from '../../lib/errors';
import { useLogoutMutation } from '../../lib/shell-api/logout-mutation';
import { useSession } from '../../lib/session-context';

function initials(name: string): string {
  const parts = name.trim().split(/\s+/).filter(Boolean);
  const letters = parts.length > 1 ? [parts[0], parts.at(-1)] : [parts[0]];
  return letters.map((p) => p?.[0]?.toUpperCase() ?? '').join('') || '?';
}

/** The signed-in person's menu: Account, light/dark theme, Sign out. */
export function UserMenu() {
  const { staff } = useSession();
  const client = useApolloClient();
  const navigate = useNavigate();
  const [logout] = useLogoutMutation();
  const [signingOut, setSigningOut] = useState(false);
  const { setColorScheme } = useMantineColorScheme();
  const scheme = useComputedColorScheme('light');
  const nextScheme = scheme === 'dark' ? 'light' : 'dark';

  const signOut = async () => {
    setSigningOut(true);
    try {
      await logout();
      // Leave the signed-in screens first, then forget everything they loaded.
      await navigate('/login', { replace: true });
      await client.clearStore();
    } catch (error) {
      const described = describeError(error);
      notifications.show({ color: 'red', title: "Couldn't sign out", message: described.message });
      setSigningOut(false);
    }
  };

  return (
    // Inside the header (no portal), so the open menu belongs to the banner landmark; no focus
    // placeholder, whose role="presentation" is not allowed inside role="menu".
    <Menu
      position="bottom-end"
      width={240}
      shadow="md"
      withinPortal={false}
      withInitialFocusPlaceholder={false}
    >
      <Menu.Target>
        <UnstyledButton aria-label={`Account menu for ${staff.name}`} data-testid="user-menu">
          <Group gap="xs" wrap="nowrap">
            <Avatar color="blue" radius="xl" size={34} aria-hidden>
              {initials(staff.name)}
            </Avatar>
            <Text size="sm" fw={500} visibleFrom="sm" maw={180} truncate>
              {staff.name}
            </Text>
            <IconChevronDown size={16} aria-hidden />
          </Group>
        </UnstyledButton>
      </Menu.Target>
      <Menu.Dropdown>
        <Menu.Label>
          <Text size="sm" fw={600} c="var(--mantine-color-text)" truncate>
            {staff.name}
          </Text>
          <Text size="xs" truncate>
            {staff.email}
          </Text>
        </Menu.Label>
        <Menu.Divider />
        <Menu.Item component={Link} to="/account" leftSection={<IconUserCircle size={18} aria-hidden />}>
          Account
        </Menu.Item>
        <Menu.Item
          leftSection={
            nextScheme === 'dark' ? <IconMoon size={18} aria-hidden /> : <IconSun size={18} aria-hidden />
          }
          onClick={() => setColorScheme(nextScheme)}
          closeMenuOnClick={false}
        >
          {nextScheme === 'dark' ? 'Switch to dark theme' : 'Switch to light theme'}
        </Menu.Item>
        <Menu.Divider />
        <Menu.Item
          leftSection={<IconLogout size={18} aria-hidden />}
          onClick={() => void signOut()}
          disabled={signingOut}
        >
          {signingOut ? 'Signing out…' : 'Sign out'}
        </Menu.Item>
      </Menu.Dropdown>
    </Menu>
  );
}
