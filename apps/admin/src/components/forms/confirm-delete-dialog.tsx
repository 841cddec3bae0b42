import { Button, Group, Modal, Stack, Text } from '@mantine/core';
import type { ReactNode } from 'react';
import { FormErrors } from '../form-errors';

interface ConfirmDeleteDialogProps {
  opened: boolean;
  onClose: () => void;
  title: string;
  /** What goes, and what stays. */
  children: ReactNode;
  onConfirm: () => void;
  loading: boolean;
  confirmLabel?: string;
  cancelLabel?: string;
  /** Why the last try failed, shown in the dialog. */
  errors?: readonly string[];
}

/** Asks before deleting; the red button does it. */
export function ConfirmDeleteDialog({
  opened,
  onClose,
  title,
  children,
  onConfirm,
  loading,
  confirmLabel = 'Delete',
  cancelLabel = 'Cancel',
  errors = [],
}: ConfirmDeleteDialogProps) {
  return (
    <Modal opened={opened} onClose={onClose} title={title} centered>
      <Stack gap="md">
        <Text size="sm">{children}</Text>
        <FormErrors messages={errors} title="Not deleted" />
        <Group justify="flex-end">
          <Button variant="default" onClick={onClose}>
            {cancelLabel}
          </Button>
          <Button color="red" loading={loading} onClick={onConfirm}>
            {confirmLabel}
          </Button>
        </Group>
      </Stack>
    </Modal>
  );
}
