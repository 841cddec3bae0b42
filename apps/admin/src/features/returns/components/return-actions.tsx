import { Button, Group, Modal, Stack, Text } from '@mantine/core';
import { IconArchive, IconPackageImport, IconX } from '@tabler/icons-react';
import { useState } from 'react';
import { useCommand } from '../../../components/use-command';
import type { ReturnFieldsFragment } from '../../../gql/graphql';
import { useSession } from '../../../lib/session-context';
import {
  useReturnCancelMutation,
  useReturnCloseMutation,
  useReturnOpenMutation,
} from '../api/return-mutations';

/**
 * The return's actions the server allows now (availableActions) that the signed-in person may take
 * (RETURNS_WRITE); receiving and settling have panels of their own on the page.
 */
export function ReturnActions({ ret }: { ret: ReturnFieldsFragment }) {
  const { can } = useSession();
  const [confirmCancel, setConfirmCancel] = useState(false);
  const [open, opening] = useReturnOpenMutation();
  const [cancel, cancelling] = useReturnCancelMutation();
  const [close, closing] = useReturnCloseMutation();
  const markOpen = useCommand({
    mutate: async () => (await open({ variables: { id: ret.id } })).data?.returnOpen,
    success: () => ({
      title: 'Awaiting the parcel',
      message: `${ret.name} is open: receive it when it arrives.`,
    }),
  });
  const doCancel = useCommand({
    mutate: async () => (await cancel({ variables: { id: ret.id } })).data?.returnCancel,
    success: () => ({
      title: 'Return cancelled',
      message: `${ret.name} is cancelled; its units can be returned again.`,
    }),
    onDone: () => setConfirmCancel(false),
  });
  const doClose = useCommand({
    mutate: async () => (await close({ variables: { id: ret.id } })).data?.returnClose,
    success: () => ({ title: 'Return closed', message: `${ret.name} is closed.` }),
  });
  if (!can('RETURNS_WRITE')) return null;
  const allowed = (a: string) => ret.availableActions.includes(a as never);
  const offer = { open: allowed('open'), cancel: allowed('cancel'), close: allowed('close') };
  if (!Object.values(offer).some(Boolean)) return null;

  return (
    <Group gap="xs" data-testid="return-actions">
      {offer.cancel && (
        <Button
          variant="default"
          color="red"
          leftSection={<IconX size={16} aria-hidden />}
          onClick={() => setConfirmCancel(true)}
        >
          Cancel return
        </Button>
      )}
      {offer.close && (
        <Button
          variant={offer.open ? 'default' : 'filled'}
          leftSection={<IconArchive size={16} aria-hidden />}
          loading={closing.loading}
          onClick={() => void doClose.run(undefined)}
        >
          Close return
        </Button>
      )}
      {offer.open && (
        <Button
          leftSection={<IconPackageImport size={16} aria-hidden />}
          loading={opening.loading}
          onClick={() => void markOpen.run(undefined)}
        >
          Mark as awaiting receipt
        </Button>
      )}
      <Modal opened={confirmCancel} onClose={() => setConfirmCancel(false)} title={`Cancel ${ret.name}?`}>
        <Stack gap="md">
          <Text size="sm">
            Nothing has arrived yet. Cancelling frees its {ret.quantity} unit{ret.quantity === 1 ? '' : 's'}{' '}
            to be returned again later; no money or stock moves.
          </Text>
          <Group justify="flex-end">
            <Button variant="default" onClick={() => setConfirmCancel(false)}>
              Keep it
            </Button>
            <Button
              color="red"
              loading={cancelling.loading}
              onClick={() => void doCancel.run(undefined)}
              data-autofocus
            >
              Cancel return
            </Button>
          </Group>
        </Stack>
      </Modal>
    </Group>
  );
}
