import { Anchor, AppShell, Burger, Drawer, Group, Skeleton, Text } from '@mantine/core';
import { useDisclosure } from '@mantine/hooks';
import { Link, Outlet, ScrollRestoration, useLocation } from 'react-router';
import { useEffect } from 'react';
import { useShopNameQuery } from '../../lib/shell-api/shop-name-query';
import { BrandMark } from './brand-mark';
import { NavLinks } from './nav-links';
import { UserMenu } from './user-menu';

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
          <UserMenu />
        </Group>
      </AppShell.Header>

      {/* Below `sm` the drawer takes over; hidden (not just moved off-screen) so it leaves the tab order. */}
      <AppShell.Navbar p="sm" aria-label="Main navigation" visibleFrom="sm">
        <AppShell.Section grow style={{ overflowY: 'auto' }}>
          <NavLinks />
        </AppShell.Section>
      </AppShell.Navbar>

      <Drawer.Root opened={drawerOpened} onClose={closeDrawer} hiddenFrom="sm" size={280}>
        <Drawer.Overlay />
        <Drawer.Content>
          {/* A div, not Mantine's default <header>: the page already has its banner landmark. */}
          <Drawer.Header component="div">
            <Drawer.Title fw={700}>Stockroom</Drawer.Title>
            <Drawer.CloseButton aria-label="Close navigation" />
          </Drawer.Header>
          <Drawer.Body px="sm">
            <nav aria-label="Main navigation (menu)">
              <NavLinks onNavigate={closeDrawer} />
            </nav>
          </Drawer.Body>
        </Drawer.Content>
      </Drawer.Root>

      <AppShell.Main id="main" tabIndex={-1}>
        <Outlet />
        {/* A new screen opens at its top; Back returns to where the person was. */}
        <ScrollRestoration />
      </AppShell.Main>
    </AppShell>
  );
}
