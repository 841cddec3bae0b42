import { Button, Group, Paper, Stack, Text } from '@mantine/core';
import { IconPlayerPause, IconPlayerPlay, IconTrash } from '@tabler/icons-react';
import { useState } from 'react';
import { useNavigate } from 'react-router';
import { FormErrors } from '../../../components/form-errors';
import { ConfirmDeleteDialog } from '../../../components/forms/confirm-delete-dialog';
import { useCommand } from '../../../components/use-command';
import type { DiscountFieldsFragment } from '../../../gql/graphql';
import { useDiscountDeleteMutation } from '../api/discount-delete-mutation';
import { useDiscountUpdateMutation } from '../api/discount-save-mutations';
import { DiscountOrdersCard } from './discount-orders-card';
import { DiscountStatusBadge } from './discount-status-badge';
import { usageText, discountSummary } from './discount-words';

/** Status, use and the actions of a code: save, disable or enable, delete; then its orders. */
export function DiscountSideCard({
  discount,
  canWrite,
  saving,
  dirty,
  canReadOrders,
  onDeleted,
  onStale,
}: {
  discount: DiscountFieldsFragment | null;
  canWrite: boolean;
  saving: boolean;
  dirty: boolean;
  canReadOrders: boolean;
  onDeleted: () => void;
  /** Someone saved the code since it was loaded (STALE_VERSION): the editor offers to reload. */
  onStale: (message: string) => void;
}) {
  const navigate = useNavigate();
  const [update, updating] = useDiscountUpdateMutation();
  const [remove, removing] = useDiscountDeleteMutation();
  const [deleting, setDeleting] = useState(false);
  const [problems, setProblems] = useState<string[]>([]);
  const [deleteProblems, setDeleteProblems] = useState<string[]>([]);

  const toggled = useCommand({
    mutate: async (d: DiscountFieldsFragment) =>
      (await update({ variables: { id: d.id, input: { disabled: !d.disabled }, version: d.version } })).data
        ?.discountUpdate,
    success: (_, d) => ({
      title: d.disabled ? `${d.code} enabled` : `${d.code} disabled`,
      message: d.disabled ? 'Orders can use it again.' : 'No order can use it until you enable it.',
    }),
    onFailed: (messages, userErrors) => {
      const staleError = userErrors.find((e) => e.code === 'STALE_VERSION');
      if (staleError) onStale(staleError.message);
      else setProblems(messages);
    },
  });
  const toggle = async () => {
    if (!discount) return;
    setProblems([]);
    await toggled.run(discount);
  };

  const removed = useCommand({
    mutate: async (d: DiscountFieldsFragment) =>
      (await remove({ variables: { id: d.id } })).data?.discountDelete,
    success: (_, d) => ({ title: `Code ${d.code} deleted`, message: 'No order used it.' }),
    onFailed: setDeleteProblems,
  });
  const destroy = async () => {
    if (!discount) return;
    if (!(await removed.run(discount))) return;
    onDeleted();
    await navigate('/discounts');
  };

  return (
    <>
      <Paper withBorder radius="md" p={{ base: 'md', sm: 'lg' }} data-testid="discount-summary">
        <Stack gap="sm">
          {discount ? (
            <>
              <Group justify="space-between" wrap="nowrap">
                <Text fw={700} ff="monospace" size="lg" truncate>
                  {discount.code}
                </Text>
                <DiscountStatusBadge status={discount.status} />
              </Group>
              <Text size="sm">{discountSummary(discount)}</Text>
              <Text size="sm" c="dimmed" data-testid="discount-usage">
                {usageText(discount.usageCount, discount.usageLimit)}
                {discount.oncePerCustomer ? ' · once per customer' : ''}
              </Text>
            </>
          ) : (
            <Text size="sm" c="dimmed">
              A new code is active from its start date. Orders and drafts can use it once it is saved.
            </Text>
          )}
          <FormErrors messages={problems} />
          {canWrite && (
            <Stack gap="xs">
              <Button
                type="submit"
                loading={saving}
                disabled={discount !== null && !dirty}
                data-testid="discount-save"
              >
                {discount ? 'Save' : 'Create discount'}
              </Button>
              {discount && (
                <Group grow gap="xs">
                  <Button
                    variant="default"
                    loading={updating.loading}
                    leftSection={
                      discount.disabled ? (
                        <IconPlayerPlay size={16} aria-hidden />
                      ) : (
                        <IconPlayerPause size={16} aria-hidden />
                      )
                    }
                    onClick={() => void toggle()}
                  >
                    {discount.disabled ? 'Enable' : 'Disable'}
                  </Button>
                  <Button
                    variant="subtle"
                    color="red"
                    leftSection={<IconTrash size={16} aria-hidden />}
                    onClick={() => {
                      setDeleteProblems([]);
                      setDeleting(true);
                    }}
                  >
                    Delete
                  </Button>
                </Group>
              )}
            </Stack>
          )}
        </Stack>
      </Paper>
      {discount && <DiscountOrdersCard discountId={discount.id} canReadOrders={canReadOrders} />}
      {discount && (
        <ConfirmDeleteDialog
          opened={deleting}
          onClose={() => setDeleting(false)}
          title={`Delete ${discount.code}?`}
          onConfirm={() => void destroy()}
          loading={removing.loading}
          errors={deleteProblems}
        >
          Only a code no order has used can be deleted; a used one can be disabled instead, and its orders
          keep what they got.
        </ConfirmDeleteDialog>
      )}
    </>
  );
}
