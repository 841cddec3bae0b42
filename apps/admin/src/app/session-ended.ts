import type { ApolloClient } from '@apollo/client';
import { loginPath } from '../lib/safe-next';
import { onSessionEnded, type LoginLocationState } from '../lib/session-events';
import type { AppRouter } from './router';

/**
 * When the server answers UNAUTHENTICATED, go to `/login?next=<this page>` with "Your session has
 * ended. Sign in again." (SPEC §8) and forget the data of the ended session.
 */
export function redirectWhenSessionEnds(router: AppRouter, client: ApolloClient): () => void {
  return onSessionEnded(() => {
    const { pathname, search } = router.state.location;
    if (pathname === '/login') return;
    const state: LoginLocationState = { sessionEnded: true };
    void router
      .navigate(loginPath(pathname + search), { replace: true, state })
      .then(() => client.clearStore());
  });
}
