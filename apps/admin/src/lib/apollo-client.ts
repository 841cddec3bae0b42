import { ApolloClient, ApolloLink, InMemoryCache } from '@apollo/client';
import { isSubscriptionOperation } from '@apollo/client/utilities';
import { createLiveLink } from './live-link';
import { notifications } from '@mantine/notifications';
import {
  createHttpLink,
  createNetworkRetryLink,
  createResponseLink,
  createSessionLink,
  createThrottleLink,
} from './links';
import { emitSessionEnded } from './session-events';

function showThrottled(message: string): void {
  const notification = { id: 'throttled', color: 'yellow', title: 'Slowing down', message, autoClose: 4000 };
  // One toast that updates, rather than a pile of them while retries go on.
  notifications.hide('throttled');
  notifications.show(notification);
}

/**
 * The app's Apollo Client. Subscriptions go to the live link (SSE); for the rest, link order, outermost first: session end → throttling retry → network
 * retry (queries) → request id and empty-response checks → HTTP.
 */
export function createApolloClient(): ApolloClient {
  const http = ApolloLink.from([
    createSessionLink(emitSessionEnded),
    createThrottleLink(showThrottled),
    createNetworkRetryLink(),
    createResponseLink(),
    createHttpLink(),
  ]);
  // A live stream that comes back refetches what the screens show: nothing stays stale.
  const live = createLiveLink(() => {
    void client.refetchQueries({ include: 'active' });
  });
  const client: ApolloClient = new ApolloClient({
    // Node ids are globally unique (type prefix), so the default `__typename:id` cache keys are right.
    // The store's settings are one object, so what shopUpdate returns is what every `shop` shows
    // (the header's name, the time zone dates are shown in); so are the document settings.
    cache: new InMemoryCache({
      typePolicies: { Shop: { keyFields: [] }, DocumentSettings: { keyFields: [] } },
    }),
    // Subscriptions stream over SSE (live-link.ts); everything else goes over HTTP.
    link: ApolloLink.split(({ query }) => isSubscriptionOperation(query), live, http),
  });
  return client;
}
