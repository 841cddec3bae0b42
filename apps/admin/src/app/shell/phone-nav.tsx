import { Drawer } from '@mantine/core';
import { NavLinks } from './nav-links';

interface PhoneNavProps {
  opened: boolean;
  onClose: () => void;
}

/** The sidebar as a drawer below `sm`; its own chunk, loaded when the burger is first pressed. */
export function PhoneNav({ opened, onClose }: PhoneNavProps) {
  return (
    <Drawer.Root opened={opened} onClose={onClose} hiddenFrom="sm" size={280}>
      <Drawer.Overlay />
      <Drawer.Content>
        {/* A div, not Mantine's default <header>: the page already has its banner landmark. */}
        <Drawer.Header component="div">
          <Drawer.Title fw={700}>Stockroom</Drawer.Title>
          <Drawer.CloseButton aria-label="Close navigation" />
        </Drawer.Header>
        <Drawer.Body px="sm">
          <nav aria-label="Main navigation (menu)">
            <NavLinks onNavigate={onClose} />
          </nav>
        </Drawer.Body>
      </Drawer.Content>
    </Drawer.Root>
  );
}
