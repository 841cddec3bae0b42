import { ApolloClient, ApolloLink, InMemoryCache } from '@apollo/client';
import { ApolloProvider } from '@apollo/client/react';
import { MantineProvider } from '@mantine/core';
import type { FormattedExecutionResult } from 'graphql';
import { createContext, useContext, type ReactNode } from 'react';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { Observable } from 'rxjs';

/** One request the screen sent: the operation's name and its variables. */
export interface SentRequest {
  operationName: string;
  variables: Record<string, unknown>;
}

/** How the fake server answers an operation: its data, or an Error for a failure to reach it. */
export type Answer = (variables: Record<string, unknown>) => Record<string, unknown> | Error;

/**
 * A GraphQL server that answers each operation by name and keeps what it was sent, so a test can
 * look at the exact variables of a mutation. An operation it has no answer for fails the test's
 * request with an error that names it.
 */
export function fakeServer(answers: Record<string, Answer>) {
  const sent: SentRequest[] = [];
  const link = new ApolloLink(
    (operation) =>
      new Observable<FormattedExecutionResult>((observer) => {
        const operationName = operation.operationName ?? '';
        const variables = operation.variables as Record<string, unknown>;
        sent.push({ operationName, variables });
        const answer = answers[operationName];
        const result = answer ? answer(variables) : new Error(`No answer for ${operationName}`);
        if (result instanceof Error) observer.error(result);
        else {
          observer.next({ data: result });
          observer.complete();
        }
      }),
  );
  const client = new ApolloClient({ cache: new InMemoryCache(), link });
  return {
    client,
    /** Every request sent so far, oldest first. */
    sent,
    /** The variables of each request of one operation, oldest first. */
    variablesOf: (operationName: string) =>
      sent.filter((r) => r.operationName === operationName).map((r) => r.variables),
  };
}

const Slot = createContext<ReactNode>(null);

function Here() {
  return <>{useContext(Slot)}</>;
}

/**
 * An editor's surroundings in the app: the fake server, Mantine's theme, and a data router at `url`
 * (the leave guard's useBlocker needs one). `router.state.location` tells where the editor went.
 */
export function editorWrapper(client: ApolloClient, url = '/') {
  const router = createMemoryRouter([{ path: '*', element: <Here /> }], { initialEntries: [url] });
  function Wrapper({ children }: { children: ReactNode }) {
    return (
      <ApolloProvider client={client}>
        <MantineProvider>
          <Slot.Provider value={children}>
            <RouterProvider router={router} />
          </Slot.Provider>
        </MantineProvider>
      </ApolloProvider>
    );
  }
  return { wrapper: Wrapper, router };
}
