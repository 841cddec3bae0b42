import { Center, Container, Loader, Stack, Text } from '@mantine/core';
import { useMemo, type ReactNode } from 'react';
import { Navigate, useLocation } from 'react-router';
import { DataView } from '../components/data-view';
import { loginPath } from '../lib/safe-next';
import type { LoginLocationState } from '../lib/session-events';
import { useCurrentStaffQuery } from '../lib/shell-api/current-staff-query';
import { createSession, SessionContext } from '../lib/session-context';

function SessionLoader() {
  return (
    <Stack align="center" gap="sm">
      <Loader aria-hidden />
      <Text c="dimmed">Opening Stockroom…</Text>
    </Stack>
  );
}

/**
 * Renders `children` for a signed-in person; sends anyone else to `/login?next=<this page>`.
 * While `me` loads (or fails to) the whole page shows that state. When `me` turns null after a
 * person was shown (any query that reads `me` can learn that the session ended), sign-in says so.
 */
export function RequireSession({ children }: { children: ReactNode }) {
  const query = useCurrentStaffQuery();
  const location = useLocation();
  // A failed refetch keeps the person signed in on screen (the previous answer), like DataView does.
  const answer = query.data ?? (query.error ? query.previousData : undefined);
  const staff = answer?.me;
  const session = useMemo(() => (staff ? createSession(staff) : null), [staff]);

  if (answer && !staff) {
    // A person was signed in a moment ago: the session ended (expired, revoked) rather than never began.
    const state: LoginLocationState = { sessionEnded: Boolean(query.previousData?.me) };
    return <Navigate to={loginPath(location.pathname + location.search)} replace state={state} />;
  }
  if (!session) {
    return (
      <Center mih="100dvh" p="md" component="main">
        <Container size="sm" w="100%">
          <DataView query={query} skeleton={<SessionLoader />}>
            {() => null}
          </DataView>
        </Container>
      </Center>
    );
  }
  return <SessionContext value={session}>{children}</SessionContext>;
}
