import { Skeleton, Stack, Text, Title } from '@mantine/core';
import { useDocumentTitle } from '@mantine/hooks';
import { DataView } from '../../../components/data-view';
import { useAccountQuery } from '../api/account-query';
import { PasswordForm } from '../components/password-form';
import { ProfileForm } from '../components/profile-form';
import { SessionList } from '../components/session-list';

function AccountSkeleton() {
  return (
    <Stack gap="lg">
      <Skeleton height={200} radius="md" />
      <Skeleton height={300} radius="md" />
      <Skeleton height={160} radius="md" />
    </Stack>
  );
}

/** `/account`: own profile, password, and active sessions (sign out of others). */
export function AccountRoute() {
  useDocumentTitle('Account · Stockroom');
  const query = useAccountQuery();

  return (
    <Stack gap="lg" maw={760}>
      <div>
        <Title order={1}>Account</Title>
        <Text c="dimmed">Your profile, your password, and where you are signed in.</Text>
      </div>
      <DataView query={query} skeleton={<AccountSkeleton />}>
        {({ me }) =>
          me && (
            <Stack gap="lg">
              {/* A new version (after a save or a reload) starts the form from the server's values. */}
              <ProfileForm key={me.version} staff={me} onReload={() => query.refetch()} />
              <PasswordForm email={me.email} />
              <SessionList sessions={me.sessions} />
            </Stack>
          )
        }
      </DataView>
    </Stack>
  );
}
