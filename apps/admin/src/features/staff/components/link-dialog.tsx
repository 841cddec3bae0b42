import { Alert, Button, Group, Modal, Stack } from '@mantine/core';
import { CopyField } from '../../../components/copy-field';

/** A link to hand to a person (there is no mail server): shown with Copy, and what it is good for. */
export function LinkDialog({
  title,
  path,
  note,
  onClose,
}: {
  title: string;
  path: string | null;
  note: string;
  onClose: () => void;
}) {
  const url = path ? `${window.location.origin}${path}` : '';
  return (
    <Modal opened={path !== null} onClose={onClose} title={title} size="lg">
      <Stack gap="sm">
        <Alert color="blue" variant="light">
          {note}
        </Alert>
        <CopyField label="Link" value={url} testId="staff-link" />
        <Group justify="flex-end">
          <Button onClick={onClose}>Done</Button>
        </Group>
      </Stack>
    </Modal>
  );
}
