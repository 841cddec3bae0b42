import { Button, Group, Popover, Text } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { useMutation } from '@apollo/client/react';
import { useState } from 'react';
import { auditEventRevertDocument } from '../../../components/undo-toast';
import { describeError } from '../../../lib/errors';

/**
 * "Revert" on one event of the log: asks first, then puts back the values before it. A refusal
 * (changed since, or a kind of change undo can't make) goes to `onRefusal`, in plain words.
 */
interface Props {
  eventId: string;
  /** The subject in words, for the toast: "Product · Linen Shirt". */
  what: string;
  /** Why the server refused, or null once it is tried again. */
  onRefusal: (message: string | null) => void;
}

export function RevertButton({ eventId, what, onRefusal }: Props) {
  const [opened, setOpened] = useState(false);
  const [revert, { loading }] = useMutation(auditEventRevertDocument, {
    refetchQueries: 'active',
    awaitRefetchQueries: true,
  });

  const run = async () => {
    onRefusal(null);
    try {
      const { data } = await revert({ variables: { id: eventId } });
      const errors = data?.auditEventRevert.userErrors ?? [];
      setOpened(false);
      if (errors.length) onRefusal(errors.map((e) => e.message).join(' '));
      else notifications.show({ color: 'blue', title: 'Reverted', message: `${what} is as it was before.` });
    } catch (error) {
      setOpened(false);
      onRefusal(describeError(error).message);
    }
  };

  return (
    <Popover opened={opened} onChange={setOpened} position="bottom-end" withArrow trapFocus>
      <Popover.Target>
        <Button size="compact-xs" variant="default" onClick={() => setOpened((o) => !o)}>
          Revert
        </Button>
      </Popover.Target>
      <Popover.Dropdown maw={280}>
        <Text size="sm">
          Put back the values from before this change? The revert is recorded in the log too.
        </Text>
        <Group justify="flex-end" gap="xs" mt="sm">
          <Button size="xs" variant="default" onClick={() => setOpened(false)}>
            Cancel
          </Button>
          <Button size="xs" color="red" loading={loading} onClick={() => void run()}>
            Revert change
          </Button>
        </Group>
      </Popover.Dropdown>
    </Popover>
  );
}
