import { Menu, Text, useMantineColorScheme, type MantineColorScheme } from '@mantine/core';
import {
  IconCheck,
  IconDeviceDesktop,
  IconKeyboard,
  IconLogout,
  IconMoon,
  IconSun,
  IconUserCircle,
} from '@tabler/icons-react';
import { useEffect, useRef, useState } from 'react';
import { Link } from 'react-router';
import { useSession } from '../../lib/session-context';
import { UserMenuButton } from './user-menu-button';
import { useSignOut } from './use-sign-out';

const SCHEMES: { value: MantineColorScheme; label: string; icon: typeof IconSun }[] = [
  { value: 'light', label: 'Light', icon: IconSun },
  { value: 'dark', label: 'Dark', icon: IconMoon },
  { value: 'auto', label: 'Same as system', icon: IconDeviceDesktop },
];

interface AccountMenuProps {
  onShortcuts: () => void;
  /** Open at once: the button was clicked before this code had arrived. */
  defaultOpened: boolean;
  /** The button this one replaces had the focus. */
  focusButton: boolean;
}

/**
 * The signed-in person's menu: Account, the theme (light, dark or the system's, remembered in
 * localStorage by the colour-scheme manager), keyboard shortcuts, Sign out. Loaded after the first
 * screen (user-menu.tsx).
 */
export function AccountMenu({ onShortcuts, defaultOpened, focusButton }: AccountMenuProps) {
  const { staff } = useSession();
  const { signOut, signingOut } = useSignOut();
  const { colorScheme, setColorScheme } = useMantineColorScheme();
  const button = useRef<HTMLButtonElement>(null);
  // Only as it replaces the placeholder: later changes of the prop mean nothing here.
  const [focusOnMount] = useState(focusButton && !defaultOpened);
  useEffect(() => {
    if (focusOnMount) button.current?.focus();
  }, [focusOnMount]);

  return (
    // Inside the header (no portal), so the open menu belongs to the banner landmark; no focus
    // placeholder, whose role="presentation" is not allowed inside role="menu".
    <Menu
      position="bottom-end"
      width={240}
      shadow="md"
      withinPortal={false}
      withInitialFocusPlaceholder={false}
      defaultOpened={defaultOpened}
    >
      <Menu.Target>
        <UserMenuButton ref={button} name={staff.name} />
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
