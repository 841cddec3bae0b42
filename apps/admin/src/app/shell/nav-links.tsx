import { NavLink as MantineNavLink, Stack } from '@mantine/core';
import { useEffect } from 'react';
import { NavLink, useLocation } from 'react-router';
import { useSession } from '../../lib/session-context';
import { preloadRoute, preloadWhenIdle } from '../route-preload';
import { NAV_ENTRIES, visibleNavEntries } from './nav-registry';

interface NavLinksProps {
  /** Called after a link is followed, e.g. to close the phone drawer. */
  onNavigate?: () => void;
}

function isActive(pathname: string, to: string, end: boolean): boolean {
  if (end || to === '/') return pathname === to;
  return pathname === to || pathname.startsWith(`${to}/`);
}

/** The sections the signed-in person may open, and no others. */
export function NavLinks({ onNavigate }: NavLinksProps) {
  const { can } = useSession();
  const { pathname } = useLocation();
  const entries = visibleNavEntries(NAV_ENTRIES, can);
  const paths = entries.map((entry) => entry.to).join('\n');
  // Every section's code arrives while the person reads the first screen, so opening one from here
  // waits only for its data; a pointer or focus on a link fetches that one first.
  useEffect(() => preloadWhenIdle(paths.split('\n')), [paths]);
  return (
    <Stack gap={4} component="ul" m={0} p={0} style={{ listStyle: 'none' }}>
      {entries.map((entry) => (
        <li key={entry.to}>
          <MantineNavLink
            component={NavLink}
            to={entry.to}
            end={entry.end}
            label={entry.label}
            leftSection={<entry.icon size={20} stroke={1.6} aria-hidden />}
            active={isActive(pathname, entry.to, entry.end ?? false)}
            onClick={onNavigate}
            onMouseEnter={() => preloadRoute(entry.to)}
            onFocus={() => preloadRoute(entry.to)}
            variant="light"
            fw={500}
          />
        </li>
      ))}
    </Stack>
  );
}
