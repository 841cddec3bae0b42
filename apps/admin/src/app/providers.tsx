import { ApolloProvider } from '@apollo/client/react';
import type { ApolloClient } from '@apollo/client';
import { MantineProvider } from '@mantine/core';
import { Notifications } from '@mantine/notifications';
import type { ReactNode } from 'react';
import { colorSchemeManager, cssVariablesResolver, theme } from './theme';

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
      <Notifications position="top-right" limit={4} />
      <ApolloProvider client={client}>{children}</ApolloProvider>
    </MantineProvider>
  );
}
