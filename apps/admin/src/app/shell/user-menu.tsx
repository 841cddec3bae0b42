import {
  Avatar,
  Group,
  Menu,
  Text,
  UnstyledButton,
  useMantineColorScheme,
  type MantineColorScheme,
} from '@mantine/core';
import {
  IconCheck,
  IconChevronDown,
  IconDeviceDesktop,
  IconKeyboard,
  IconLogout,
  IconMoon,
  IconSun,
  IconUserCircle,
} from '@tabler/icons-react';
import { Link } from 'react-router';
import { useSession } from '../../lib/session-context';
import { useSignOut } from './use-sign-out';

const SCHEMES: { value: MantineColorScheme; label: string; icon: typeof IconSun }[] = [
  { value: 'light', label: 'Light', icon: IconSun },
  { value: 'dark', label: 'Dark', icon: IconMoon },
  { value: 'auto', label: 'Same as system', icon: IconDeviceDesktop },
];

function initials(name: string): string {
  const parts = name.trim().split(/\s+/).filter(Boolean);
  const letters = parts.length > 1 ? [parts[0], parts.at(-1)] : [parts[0]];
  return letters.map((p) => p?.[0]?.toUpperCase() ?? '').join('') || '?';
}

/**
 * The signed-in person's menu: Account, the theme (light, dark or the system's, remembered in
 * localStorage by the colour-scheme manager), keyboard shortcuts, Sign out.
 */
export function UserMenu({ onShortcuts }: { onShortcuts: () => void }) {
  const { staff } = useSession();
  const { signOut, signingOut } = useSignOut();
  const { colorScheme, setColorScheme } = useMantineColorScheme();

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
        <Menu.Divider />
        <Menu.Label>Theme</Menu.Label>
        {SCHEMES.map((s) => (
          <Menu.Item
            key={s.value}
            // Mantine keeps role="menuitem", where aria-checked is not allowed: the chosen one is "current".
            aria-current={colorScheme === s.value ? 'true' : undefined}
            leftSection={<s.icon size={18} aria-hidden />}
            rightSection={colorScheme === s.value ? <IconCheck size={16} aria-hidden /> : null}
            onClick={() => setColorScheme(s.value)}
            closeMenuOnClick={false}
          >
            {s.label}
          </Menu.Item>
        ))}
        <Menu.Divider />
        <Menu.Item leftSection={<IconKeyboard size={18} aria-hidden />} onClick={onShortcuts}>
          Keyboard shortcuts
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
