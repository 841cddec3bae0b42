import { Button, Group, Stack, Text } from '@mantine/core';
import type { OrderFieldsFragment } from '../../../gql/graphql';
import { formatMoney } from '../../../lib/format';
import { useOrderVoidMutation } from '../api/order-void-mutation';
import { useCommand } from '../../../components/use-command';

/** Confirms voiding the authorization: the held money is released and can't be captured any more. */
export function VoidDialog({ order, onClose }: { order: OrderFieldsFragment; onClose: () => void }) {
  const [voidAuthorization, voiding] = useOrderVoidMutation();
  const command = useCommand({
    mutate: async () => (await voidAuthorization({ variables: { id: order.id } })).data?.orderVoid,
    success: () => ({ title: 'Authorization voided', message: `Nothing will be charged for ${order.name}.` }),
    onDone: onClose,
  });
  const confirm = () => command.run(undefined);
  return (
    <Stack gap="md">
      <Text size="sm">
        The customer's bank releases the {formatMoney(order.totalCapturable)} held for this order, and it
        can't be captured any more. The order stays open.
      </Text>
      <Group justify="flex-end">
        <Button variant="default" onClick={onClose}>
          Keep authorization
        </Button>
        <Button color="red" loading={voiding.loading} onClick={() => void confirm()}>
          Void authorization
        </Button>
      </Group>
    </Stack>
  );
}
