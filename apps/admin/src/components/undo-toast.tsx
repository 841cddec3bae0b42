import { Button, Group, Text } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { useMutation } from '@apollo/client/react';
import { useCallback } from 'react';
import { graphql } from '../gql';
import { describeError } from '../lib/errors';

/** Undoes one change through the audit log (the same mechanism as "Revert" there). */
export const auditEventRevertDocument = graphql(`
  mutation AuditEventRevert($id: ID!) {
    auditEventRevert(id: $id) {
      auditEventId
      userErrors {
        ...UserErrorFields
      }
    }
  }
`);

/** How long a saved toast offers "Undo". */
export const UNDO_SECONDS = 10;

interface SavedToast {
  title: string;
  message: string;
  /** The event the save wrote (the payload's `auditEventId`); without one the toast has no Undo. */
  auditEventId: string | null | undefined;
  /** After the undo went through (a screen that keeps its own copy of the records reloads them). */
  onUndone?: () => void;
}

/**
 * The success toast of an editor, with "Undo" for 10 seconds: reverting the save's audit event
 * puts every field it changed back, unless someone changed one since (then it says who, and when).
 */
export function useSavedToast() {
  // Every query on screen loads again (the record, its history), so the screen shows what it is now.
  const [revert] = useMutation(auditEventRevertDocument, {
    refetchQueries: 'active',
    awaitRefetchQueries: true,
  });
  return useCallback(
    ({ title, message, auditEventId, onUndone }: SavedToast) => {
      const id = `saved-${auditEventId ?? Date.now()}`;
      /** Why the undo did not happen, kept on screen long enough to read. */
      const refused = (why: string) =>
        notifications.update({
          id,
          loading: false,
          color: 'red',
          title: 'Not undone',
          message: why,
          autoClose: 15_000,
          withCloseButton: true,
        });
      const undo = async () => {
        notifications.update({
          id,
          loading: true,
          title: 'Undoing…',
          message,
          autoClose: false,
          withCloseButton: false,
        });
        try {
          const { data } = await revert({ variables: { id: auditEventId! } });
          const errors = data?.auditEventRevert.userErrors ?? [];
          if (errors.length) return refused(errors.map((e) => e.message).join(' '));
          notifications.update({
            id,
            loading: false,
            color: 'blue',
            title: 'Undone',
            message: 'The change was undone.',
            autoClose: 4_000,
            withCloseButton: true,
          });
          onUndone?.();
        } catch (error) {
          refused(describeError(error).message);
        }
      };
      notifications.show({
        id,
        color: 'green',
        title,
        autoClose: auditEventId ? UNDO_SECONDS * 1000 : 4_000,
        message: auditEventId ? (
          <Group justify="space-between" wrap="nowrap" gap="sm">
            <Text size="sm">{message}</Text>
            <Button size="compact-sm" variant="light" onClick={() => void undo()}>
              Undo
            </Button>
          </Group>
        ) : (
          message
        ),
      });
    },
    [revert],
  );
}
