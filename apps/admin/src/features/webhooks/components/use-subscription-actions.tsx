import { Alert, Button, Group, Modal, Stack } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { useState, type ReactNode } from 'react';
import { CopyField } from '../../../components/copy-field';
import { ConfirmDeleteDialog } from '../../../components/forms/confirm-delete-dialog';
import { useCommand } from '../../../components/use-command';
import {
  useWebhookSubscriptionDeleteMutation,
  useWebhookSubscriptionTestMutation,
  useWebhookSubscriptionUpdateMutation,
} from '../api/webhook-mutations';
import type { Subscription, SubscriptionActions } from './subscription-card';

/** The secret of a subscription, shown once (after Add, or a rotation), with Copy. */
export function SecretDialog({
  shown,
  onClose,
}: {
  shown: { label: string; secret: string } | null;
  onClose: () => void;
}) {
  return (
    <Modal
      opened={shown !== null}
      onClose={onClose}
      title={`Signing secret: ${shown?.label ?? ''}`}
      size="lg"
    >
      {shown && (
        <Stack gap="sm">
          <Alert color="yellow" variant="light">
            Copy it now and keep it with the receiver: it is not shown again. The receiver checks each
            delivery’s X-Stockroom-Hmac-Sha256 header with it.
          </Alert>
          <CopyField label="Secret" value={shown.secret} testId="webhook-secret" />
          <Group justify="flex-end">
            <Button onClick={onClose}>Done</Button>
          </Group>
        </Stack>
      )}
    </Modal>
  );
}

/** What each subscription's buttons do, with the dialogs they open; `onDeleted` after a delete. */
export function useSubscriptionActions(onDeleted?: () => void): {
  actions: SubscriptionActions;
  dialogs: ReactNode;
} {
  const [testing, setTesting] = useState<string | null>(null);
  const [secret, setSecret] = useState<{ label: string; secret: string } | null>(null);
  const [deleting, setDeleting] = useState<Subscription | null>(null);
  const [deleteErrors, setDeleteErrors] = useState<string[]>([]);
  const [test] = useWebhookSubscriptionTestMutation();
  const [update] = useWebhookSubscriptionUpdateMutation();
  const [remove, removing] = useWebhookSubscriptionDeleteMutation();

  const testCommand = useCommand({
    mutate: async (s: Subscription) =>
      (await test({ variables: { id: s.id } })).data?.webhookSubscriptionTest,
    success: () => null,
    onDone: ({ delivery }) => {
      if (!delivery) return;
      const ok = delivery.status === 'SUCCEEDED';
      notifications.show({
        color: ok ? 'green' : 'red',
        title: ok ? 'Test delivered' : 'Test not delivered',
        message: ok
          ? `The receiver answered HTTP ${delivery.statusCode} in ${delivery.latencyMs} ms.`
          : (delivery.error ?? `The receiver answered HTTP ${delivery.statusCode}.`),
      });
    },
  });
  const pauseCommand = useCommand({
    mutate: async (s: Subscription) =>
      (
        await update({
          variables: { id: s.id, input: { status: s.status === 'ACTIVE' ? 'PAUSED' : 'ACTIVE' } },
        })
      ).data?.webhookSubscriptionUpdate,
    success: (p) => ({
      title: p.webhookSubscription?.status === 'ACTIVE' ? 'Webhook resumed' : 'Webhook paused',
      message:
        p.webhookSubscription?.status === 'ACTIVE'
          ? 'New events are delivered again; retry failed deliveries from its page.'
          : 'Nothing is delivered until you resume it.',
    }),
  });
  const rotateCommand = useCommand({
    mutate: async (s: Subscription) =>
      (await update({ variables: { id: s.id, input: { rotateSecret: true } } })).data
        ?.webhookSubscriptionUpdate,
    success: () => null,
    onDone: (p) => {
      if (p.secret && p.webhookSubscription)
        setSecret({ label: p.webhookSubscription.topicLabel, secret: p.secret });
    },
  });
  const deleteCommand = useCommand({
    mutate: async (s: Subscription) =>
      (await remove({ variables: { id: s.id } })).data?.webhookSubscriptionDelete,
    success: () => ({ title: 'Webhook deleted', message: 'Nothing more is sent to it.' }),
    onFailed: setDeleteErrors,
    onDone: () => {
      setDeleting(null);
      onDeleted?.();
    },
  });

  const actions: SubscriptionActions = {
    testing,
    onTest: (s) => {
      setTesting(s.id);
      void testCommand.run(s).finally(() => setTesting(null));
    },
    onPauseResume: (s) => void pauseCommand.run(s),
    onRotate: (s) => void rotateCommand.run(s),
    onDelete: (s) => {
      setDeleteErrors([]);
      setDeleting(s);
    },
  };
  const dialogs = (
    <>
      <SecretDialog shown={secret} onClose={() => setSecret(null)} />
      {deleting && (
        <ConfirmDeleteDialog
          opened
          onClose={() => setDeleting(null)}
          title={`Delete the “${deleting.topicLabel}” webhook?`}
          onConfirm={() => void deleteCommand.run(deleting)}
          loading={removing.loading}
          confirmLabel="Delete"
          errors={deleteErrors}
        >
          Nothing more is sent to {deleting.url}, and its delivery log goes with it.
        </ConfirmDeleteDialog>
      )}
    </>
  );
  return { actions, dialogs };
}
