import { Alert, Button, Group, Modal, Skeleton, Stack, Text } from '@mantine/core';
import { useDocumentTitle } from '@mantine/hooks';
import { IconPlus } from '@tabler/icons-react';
import { CopyField } from '../../../components/copy-field';
import { useState } from 'react';
import { DataView } from '../../../components/data-view';
import { ConfirmDeleteDialog } from '../../../components/forms/confirm-delete-dialog';
import { SettingsTabs } from '../../../components/settings-tabs';
import { useCommand } from '../../../components/use-command';
import type { ApiTokensQuery } from '../../../gql/graphql';
import { useApiTokenRevokeMutation } from '../api/api-token-mutations';
import { useApiTokensQuery } from '../api/api-tokens-query';
import { TokenForm } from '../components/token-form';
import { TokenTable } from '../components/token-table';
import { useSession } from '../../../lib/session-context';

type Token = ApiTokensQuery['apiTokens'][number];

/** `/settings/api-tokens` (STAFF_MANAGE): credentials for a storefront, an ERP or a script. */
export function ApiTokensRoute() {
  useDocumentTitle('API tokens · Stockroom');
  const query = useApiTokensQuery();
  const canManage = useSession().can('STAFF_MANAGE');
  const [making, setMaking] = useState(false);
  const [made, setMade] = useState<{ name: string; token: string } | null>(null);
  const [revoking, setRevoking] = useState<Token | null>(null);
  const [revokeErrors, setRevokeErrors] = useState<string[]>([]);
  const [revoke, revokeState] = useApiTokenRevokeMutation();

  const revokeToken = useCommand({
    mutate: async (token: Token) => (await revoke({ variables: { id: token.id } })).data?.apiTokenRevoke,
    success: (_, token) => ({ title: `${token.name} revoked`, message: 'It stopped working at once.' }),
    onFailed: setRevokeErrors,
    onDone: () => setRevoking(null),
  });
  const confirmRevoke = async () => {
    if (revoking) await revokeToken.run(revoking);
  };

  const makeButton = canManage && (
    <Button leftSection={<IconPlus size={16} aria-hidden />} onClick={() => setMaking(true)}>
      Make a token
    </Button>
  );
  return (
    <Stack gap="md" maw={1000}>
      <SettingsTabs />
      <Group justify="space-between" align="flex-end">
        <Text c="dimmed" size="sm" maw={640}>
          A storefront, an ERP or a script sends a token as <code>Authorization: Bearer …</code> to place
          orders or read stock without a person signing in. Each may do only what it was given, and its
          changes show in the audit log under its name.
        </Text>
        {makeButton}
      </Group>
      <DataView
        query={query}
        skeleton={<Skeleton height={200} radius="md" />}
        isEmpty={(data) => data.apiTokens.length === 0}
        empty={{
          title: 'No API tokens yet',
          description: 'Make one for each integration, with just the permissions it needs.',
          action: makeButton,
        }}
      >
        {(data) => (
          <TokenTable
            tokens={data.apiTokens}
            onRevoke={(t) => {
              setRevokeErrors([]);
              setRevoking(t);
            }}
          />
        )}
      </DataView>
      <Modal opened={making} onClose={() => setMaking(false)} title="Make an API token" size="lg">
        {making && (
          <TokenForm
            onCancel={() => setMaking(false)}
            onMade={(name, token) => {
              setMaking(false);
              setMade({ name, token });
            }}
          />
        )}
      </Modal>
      <Modal
        opened={made !== null}
        onClose={() => setMade(null)}
        title={`Token for ${made?.name ?? ''}`}
        size="lg"
      >
        {made && (
          <Stack gap="sm">
            <Alert color="yellow" variant="light">
              Copy it now and keep it with the integration: it is not shown again.
            </Alert>
            <CopyField label="Token" value={made.token} testId="api-token-secret" />
            <Group justify="flex-end">
              <Button onClick={() => setMade(null)}>Done</Button>
            </Group>
          </Stack>
        )}
      </Modal>
      {revoking && (
        <ConfirmDeleteDialog
          opened
          onClose={() => setRevoking(null)}
          title={`Revoke ${revoking.name}?`}
          onConfirm={() => void confirmRevoke()}
          loading={revokeState.loading}
          confirmLabel="Revoke"
          errors={revokeErrors}
        >
          Whatever uses it stops working at once. This can't be undone; make a new token instead.
        </ConfirmDeleteDialog>
      )}
    </Stack>
  );
}
