import { EditDeleteButtons } from '../../../components/edit-delete-buttons';
import { Button, Card, Group, Stack, Table, Text, VisuallyHidden } from '@mantine/core';
import { IconPlus } from '@tabler/icons-react';
import { FormDialog, useFormDialog } from '../../../components/forms/form-dialog';
import { SectionCard } from '../../../components/section-card';
import type { ShippingRateInput, ShippingZoneFieldsFragment } from '../../../gql/graphql';
import { useCommand } from '../../../components/use-command';
import { formatMoney } from '../../../lib/format';
import { useShippingRateCreateMutation } from '../api/shipping-rate-create-mutation';
import { useShippingRateDeleteMutation } from '../api/shipping-rate-delete-mutation';
import { useShippingRateUpdateMutation } from '../api/shipping-rate-update-mutation';
import { EMPTY_RATE, RateForm, rateInput, type RateValues } from './rate-form';

type Rate = ShippingZoneFieldsFragment['rates'][number];

interface ZoneRatesProps {
  zoneId: string;
  rates: readonly Rate[];
  currencyCode: string;
  canEdit: boolean;
}

function valuesOf(rate: Rate): RateValues {
  return {
    name: rate.name,
    price: rate.price.amount,
    minSubtotal: rate.minSubtotal?.amount ?? '',
    maxSubtotal: rate.maxSubtotal?.amount ?? '',
    freeAbove: rate.freeAbove?.amount ?? '',
  };
}

/** The rates of one zone, with add, edit and delete. */
export function ZoneRates({ zoneId, rates, currencyCode, canEdit }: ZoneRatesProps) {
  const dialog = useFormDialog<Rate>();
  const [create] = useShippingRateCreateMutation();
  const [update] = useShippingRateUpdateMutation();
  const [remove] = useShippingRateDeleteMutation();
  const money = (amount: string | undefined) => (amount ? formatMoney({ amount, currencyCode }) : '—');

  const deleteRate = useCommand({
    mutate: async (rate: Rate) => (await remove({ variables: { id: rate.id } })).data?.shippingRateDelete,
    failedTitle: 'Not deleted',
    success: (_, rate) => ({ title: 'Rate deleted', message: `${rate.name} is gone.` }),
  });
  const saveRate = useCommand({
    mutate: async ({ editing, input }: { editing: Rate | null; input: ShippingRateInput }) =>
      editing
        ? (await update({ variables: { id: editing.id, input } })).data?.shippingRateUpdate
        : (await create({ variables: { zoneId, input } })).data?.shippingRateCreate,
    onDone: dialog.close,
  });

  return (
    <SectionCard title="Rates">
      <Stack gap="sm" mt="sm">
        {rates.length === 0 ? (
          <Text c="dimmed" size="sm">
            No rates yet: add one, or checkouts can't ship to these countries.
          </Text>
        ) : (
          <>
            <Stack gap="xs" hiddenFrom="sm">
              {rates.map((rate) => (
                <Card key={rate.id} withBorder padding="sm" radius="md" data-testid="rate-card">
                  <Group justify="space-between" wrap="nowrap" align="flex-start">
                    <div style={{ minWidth: 0 }}>
                      <Text fw={500}>
                        {rate.name} · {formatMoney(rate.price)}
                      </Text>
                      <Text size="sm" c="dimmed">
                        Subtotal{' '}
                        {rate.minSubtotal || rate.maxSubtotal
                          ? `${money(rate.minSubtotal?.amount)} – ${money(rate.maxSubtotal?.amount)}`
                          : 'any'}
                        {rate.freeAbove ? ` · free above ${money(rate.freeAbove.amount)}` : ''}
                      </Text>
                    </div>
                    {canEdit && (
                      <EditDeleteButtons
                        name={rate.name}
                        onEdit={() => dialog.edit(rate)}
                        onDelete={() => deleteRate.run(rate)}
                      />
                    )}
                  </Group>
                </Card>
              ))}
            </Stack>
            <Table.ScrollContainer minWidth={560} visibleFrom="sm">
              <Table>
                <Table.Thead>
                  <Table.Tr>
                    <Table.Th>Name</Table.Th>
                    <Table.Th ta="right">Price</Table.Th>
                    <Table.Th>Subtotal</Table.Th>
                    <Table.Th ta="right">Free above</Table.Th>
                    {canEdit && (
                      <Table.Th w={150}>
                        <VisuallyHidden>Actions</VisuallyHidden>
                      </Table.Th>
                    )}
                  </Table.Tr>
                </Table.Thead>
                <Table.Tbody>
                  {rates.map((rate) => (
                    <Table.Tr key={rate.id} data-testid="rate-row">
                      <Table.Td>{rate.name}</Table.Td>
                      <Table.Td ta="right">{formatMoney(rate.price)}</Table.Td>
                      <Table.Td>
                        {rate.minSubtotal || rate.maxSubtotal
                          ? `${money(rate.minSubtotal?.amount)} – ${money(rate.maxSubtotal?.amount)}`
                          : 'Any'}
                      </Table.Td>
                      <Table.Td ta="right">{money(rate.freeAbove?.amount)}</Table.Td>
                      {canEdit && (
                        <Table.Td>
                          <EditDeleteButtons
                            name={rate.name}
                            onEdit={() => dialog.edit(rate)}
                            onDelete={() => deleteRate.run(rate)}
                          />
                        </Table.Td>
                      )}
                    </Table.Tr>
                  ))}
                </Table.Tbody>
              </Table>
            </Table.ScrollContainer>
          </>
        )}
        {canEdit && (
          <Group>
            <Button variant="default" leftSection={<IconPlus size={16} aria-hidden />} onClick={dialog.add}>
              Add rate
            </Button>
          </Group>
        )}
      </Stack>
      <FormDialog dialog={dialog} title={{ add: 'Add rate', edit: 'Edit rate' }}>
        {(editing) => (
          <RateForm
            initial={editing ? valuesOf(editing) : EMPTY_RATE}
            currencyCode={currencyCode}
            submitLabel={editing ? 'Save rate' : 'Add rate'}
            onCancel={dialog.close}
            onSubmit={(values) => saveRate.submit({ editing, input: rateInput(values) })}
          />
        )}
      </FormDialog>
    </SectionCard>
  );
}
