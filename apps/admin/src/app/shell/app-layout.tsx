import { ActionIcon, Anchor, AppShell, Burger, Button, Group, Kbd, Skeleton, Text } from '@mantine/core';
import { useDisclosure, useOs } from '@mantine/hooks';
import { IconSearch } from '@tabler/icons-react';
import { Link, Outlet, ScrollRestoration, useLocation } from 'react-router';
import { lazy, Suspense, useEffect, useState } from 'react';
import { useShopNameQuery } from '../../lib/shell-api/shop-name-query';
import { BrandMark } from './brand-mark';
import { NavLinks } from './nav-links';
import { UserMenu } from './user-menu';
import { useLazyPalette } from './lazy-palette';
import { useGlobalShortcuts } from './shortcuts';
import { useRecentVisits } from './use-recent-visits';
import { LiveNotice } from '../../components/live-notice';

/** The palette's door in the header: a search box look-alike on wide screens, an icon on phones. */
function PaletteButton({ onOpen }: { onOpen: () => void }) {
  const os = useOs();
  const mod = os === 'macos' || os === 'ios' ? '⌘' : 'Ctrl';
  return (
    <>
      <Button
        variant="default"
        visibleFrom="sm"
        onClick={onOpen}
        leftSection={<IconSearch size={16} aria-hidden />}
        rightSection={
          <Group gap={2} wrap="nowrap" aria-hidden>
            <Kbd size="xs">{mod}</Kbd>
            <Kbd size="xs">K</Kbd>
          </Group>
        }
        w={280}
        justify="space-between"
        fw={400}
        c="dimmed"
        aria-label="Search or run a command"
        data-testid="palette-button"
      >
        Search…
      </Button>
      <ActionIcon
        variant="default"
        size="lg"
        hiddenFrom="sm"
        onClick={onOpen}
        aria-label="Search or run a command"
      >
        <IconSearch size={18} aria-hidden />
      </ActionIcon>
    </>
  );
}

// The list of shortcuts is read rarely: its code loads when `?` first asks for it.
const PhoneNav = lazy(async () => ({ default: (await import('./phone-nav')).PhoneNav }));
const ShortcutsDialog = lazy(async () => ({ default: (await import('./shortcuts-dialog')).ShortcutsDialog }));

function ShopName() {
  const { data, error } = useShopNameQuery();
  if (data) {
    return (
      <Text fw={600} truncate data-testid="shop-name">
        {data.shop.name}
      </Text>
    );
  }
  // The header is not the place for an error; screens show their own.
  if (error) return null;
  return <Skeleton height={14} width={120} radius="sm" />;
}

/** The signed-in frame: header (store, person's menu), sidebar (drawer on a phone), and the screen. */
export function AppLayout() {
  const [drawerOpened, drawer] = useDisclosure(false);
  const { pathname } = useLocation();
  const closeDrawer = drawer.close;
  // The drawer's code (Drawer, focus trap, scroll lock) loads when it is first opened, then stays.
  const [drawerUsed, setDrawerUsed] = useState(false);
  if (drawerOpened && !drawerUsed) setDrawerUsed(true);
  const [helpOpened, help] = useDisclosure(false);
  useGlobalShortcuts(help.open);
  const paletteView = useLazyPalette(help.open);
  useRecentVisits();

  // Any navigation (a link in the drawer, the browser's back button) closes the drawer.
  useEffect(() => closeDrawer(), [pathname, closeDrawer]);

  return (
    <AppShell
      header={{ height: 60 }}
      navbar={{ width: 240, breakpoint: 'sm', collapsed: { mobile: true } }}
      padding={{ base: 'md', sm: 'lg' }}
    >
      <Anchor href="#main" className="skip-link">
        Skip to content
      </Anchor>
      <AppShell.Header>
        <Group h="100%" px="md" justify="space-between" wrap="nowrap" gap="sm">
          <Group gap="sm" wrap="nowrap" miw={0}>
            <Burger
              opened={drawerOpened}
              onClick={drawer.toggle}
              hiddenFrom="sm"
              size="sm"
              aria-label={drawerOpened ? 'Close navigation' : 'Open navigation'}
            />
            <Anchor component={Link} to="/" underline="never" c="inherit" aria-label="Stockroom home">
              <BrandMark />
            </Anchor>
            <Text c="dimmed" visibleFrom="xs" aria-hidden>
              /
            </Text>
            <ShopName />
          </Group>
          <Group gap="sm" wrap="nowrap">
            <PaletteButton onOpen={paletteView.open} />
            <UserMenu onShortcuts={help.open} />
          </Group>
        </Group>
      </AppShell.Header>

      {/* Below `sm` the drawer takes over; hidden (not just moved off-screen) so it leaves the tab order. */}
      <AppShell.Navbar p="sm" aria-label="Main navigation" visibleFrom="sm">
        <AppShell.Section grow style={{ overflowY: 'auto' }}>
          <NavLinks />
        </AppShell.Section>
      </AppShell.Navbar>

      {drawerUsed && (
        <Suspense fallback={null}>
          <PhoneNav opened={drawerOpened} onClose={closeDrawer} />
        </Suspense>
      )}

      {paletteView.element}
      {helpOpened && (
        <Suspense fallback={null}>
          <ShortcutsDialog opened onClose={help.close} />
        </Suspense>
      )}

      <AppShell.Main id="main" tabIndex={-1}>
        <Outlet />
        <LiveNotice />
        {/* A new screen opens at its top; Back returns to where the person was. */}
        <ScrollRestoration />
      </AppShell.Main>
    </AppShell>
  );
}
