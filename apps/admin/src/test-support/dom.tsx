import { MantineProvider } from '@mantine/core';
import { useEffect, type ReactNode } from 'react';
import { MemoryRouter, useLocation } from 'react-router';

/** What jsdom lacks and Mantine asks for (media queries, element sizes). */
export function installDomShims(): void {
  const matchMedia = (query: string) =>
    ({
      matches: false,
      media: query,
      onchange: null,
      addListener: () => {},
      removeListener: () => {},
      addEventListener: () => {},
      removeEventListener: () => {},
      dispatchEvent: () => false,
    }) as MediaQueryList;
  if (typeof window.matchMedia !== 'function') {
    Object.defineProperty(window, 'matchMedia', { value: matchMedia, configurable: true, writable: true });
  }
  window.ResizeObserver ??= class {
    observe() {}
    unobserve() {}
    disconnect() {}
  };
  if (!('scrollIntoView' in Element.prototype)) {
    Object.defineProperty(Element.prototype, 'scrollIntoView', { value: () => {} });
  }
}

/** The search of the URL the screen is at, as the router shows it. */
export const shownUrl = { search: '' };

function UrlProbe() {
  const { search } = useLocation();
  useEffect(() => {
    shownUrl.search = search;
  }, [search]);
  return null;
}

/** A screen's surroundings in the app: Mantine's theme and a router at `url`. */
export function screenWrapper(url = '/') {
  return function Wrapper({ children }: { children: ReactNode }) {
    return (
      <MantineProvider>
        <MemoryRouter initialEntries={[url]}>
          <UrlProbe />
          {children}
        </MemoryRouter>
      </MantineProvider>
    );
  };
}
