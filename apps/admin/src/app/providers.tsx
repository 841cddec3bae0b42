import { ApolloProvider } from '@apollo/client/react';
import type { ApolloClient } from '@apollo/client';
import { MantineProvider } from '@mantine/core';
import { lazy, Suspense, useEffect, useState, type ReactNode } from 'react';
import { colorSchemeManager, cssVariablesResolver, theme } from './theme';

const NotificationsHost = lazy(async () => ({
  default: (await import('./notifications-host')).NotificationsHost,
}));

/**
 * Toasts' container (and its transitions) loads once the first screen is up, not before it: a toast
 * shown earlier waits in the notifications store and appears when the container mounts.
 */
function LazyNotifications() {
  const [ready, setReady] = useState(false);
  useEffect(() => {
    if (!window.requestIdleCallback) {
      const timer = window.setTimeout(() => setReady(true), 300);
      return () => window.clearTimeout(timer);
    }
    const handle = window.requestIdleCallback(() => setReady(true), { timeout: 1000 });
    return () => window.cancelIdleCallback(handle);
  }, []);
  return ready ? (
    <Suspense fallback={null}>
      <NotificationsHost />
    </Suspense>
  ) : null;
}

interface ProvidersProps {
  client: ApolloClient;
  children: ReactNode;
}

/** Theme, toasts and data access for everything below. */
export function Providers({ client, children }: ProvidersProps) {
  return (
    <MantineProvider
      theme={theme}
      colorSchemeManager={colorSchemeManager}
      defaultColorScheme="light"
      cssVariablesResolver={cssVariablesResolver}
    >
      <LazyNotifications />
      <ApolloProvider client={client}>{children}</ApolloProvider>
    </MantineProvider>
  );
}
