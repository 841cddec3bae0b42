import { EditDeleteButtons } from '../../../components/edit-delete-buttons';
import { Button, Card, Group, Skeleton, Stack, Table, Text, VisuallyHidden } from '@mantine/core';
import { useDocumentTitle } from '@mantine/hooks';
import { IconPlus } from '@tabler/icons-react';
import { useSession } from '../../../lib/session-context';
import { DataView } from '../../../components/data-view';
import { FormDialog, useFormDialog } from '../../../components/forms/form-dialog';
import { SectionCard } from '../../../components/section-card';
import type { TaxRateInput, TaxRatesQuery } from '../../../gql/graphql';
import { useCommand } from '../../../components/use-command';
import { useTaxRateCreateMutation } from '../api/tax-rate-create-mutation';
import { useTaxRateDeleteMutation } from '../api/tax-rate-delete-mutation';
import { useTaxRateUpdateMutation } from '../api/tax-rate-update-mutation';
import { useTaxRatesQuery } from '../api/tax-rates-query';
import { SettingsTabs } from '../../../components/settings-tabs';
import { EMPTY_TAX_RATE, TaxRateForm, taxRateInput } from '../components/tax-rate-form';
import { TaxPreview } from '../components/tax-preview';

type Rate = TaxRatesQuery['taxRates'][number];

/** `/settings/taxes`: tax rates per country and region, and a preview. */
export function TaxesRoute() {
  useDocumentTitle('Taxes · Settings · Stockroom');
  const { can } = useSession();
  const canEdit = can('SETTINGS_WRITE');
  const query = useTaxRatesQuery();
  const dialog = useFormDialog<Rate>();
  const [create] = useTaxRateCreateMutation();
  const [update] = useTaxRateUpdateMutation();
  const [remove] = useTaxRateDeleteMutation();
  const addButton = canEdit && (
    <Button leftSection={<IconPlus size={16} aria-hidden />} onClick={dialog.add}>
      Add tax rate
    </Button>
  );

  const deleteRate = useCommand({
    mutate: async (rate: Rate) => (await remove({ variables: { id: rate.id } })).data?.taxRateDelete,
    failedTitle: 'Not deleted',
    success: (_, rate) => ({
      title: 'Tax rate deleted',
      message: `${rate.name} (${rate.countryName}) is gone.`,
    }),
  });
  const saveRate = useCommand({
    mutate: async ({ editing, input }: { editing: Rate | null; input: TaxRateInput }) =>
      editing
        ? (await update({ variables: { id: editing.id, input: { ...input, version: editing.version } } }))
            .data?.taxRateUpdate
        : (await create({ variables: { input } })).data?.taxRateCreate,
    onDone: dialog.close,
  });

  return (
    <Stack gap="lg" maw={860}>
      <SettingsTabs />
      <SectionCard
        title="Tax rates"
        description={
          canEdit ? 'A region rate replaces the country rate there.' : 'Changing taxes needs SETTINGS_WRITE.'
        }
      >
        <Stack gap="sm" mt="sm">
          <DataView
            query={query}
            skeleton={<Skeleton height={160} radius="md" />}
            isEmpty={(data) => data.taxRates.length === 0}
            empty={{
              title: 'No tax rates yet',
              description: 'Orders carry no tax until you add a rate for a country.',
              action: addButton || undefined,
            }}
          >
            {(data) => (
              <Stack gap="sm">
                <Stack gap="xs" hiddenFrom="sm">
                  {data.taxRates.map((rate) => (
                    <Card key={rate.id} withBorder padding="sm" radius="md" data-testid="tax-rate-card">
                      <Group justify="space-between" wrap="nowrap" align="flex-start">
                        <div style={{ minWidth: 0 }}>
                          <Text fw={500}>
                            {rate.name} · {rate.rate}%
                          </Text>
                          <Text size="sm" c="dimmed">
                            {rate.countryName} · {rate.region ?? 'Whole country'}
                          </Text>
                        </div>
                        {canEdit && (
                          <EditDeleteButtons
                            name={`${rate.name} for ${rate.countryName}`}
                            onEdit={() => dialog.edit(rate)}
                            onDelete={() => deleteRate.run(rate)}
                          />
                        )}
                      </Group>
                    </Card>
                  ))}
                </Stack>
                <Table.ScrollContainer minWidth={480} visibleFrom="sm">
                  <Table>
                    <Table.Thead>
                      <Table.Tr>
                        <Table.Th>Country</Table.Th>
                        <Table.Th>Region</Table.Th>
                        <Table.Th ta="right">Rate</Table.Th>
                        <Table.Th>Name</Table.Th>
                        {canEdit && (
                          <Table.Th w={150}>
                            <VisuallyHidden>Actions</VisuallyHidden>
                          </Table.Th>
                        )}
                      </Table.Tr>
                    </Table.Thead>
                    <Table.Tbody>
                      {data.taxRates.map((rate) => (
                        <Table.Tr key={rate.id} data-testid="tax-rate-row">
                          <Table.Td>{rate.countryName}</Table.Td>
                          <Table.Td>
                            {rate.region ?? (
                              <Text span c="dimmed" size="sm">
                                Whole country
                              </Text>
                            )}
                          </Table.Td>
                          <Table.Td ta="right">{rate.rate}%</Table.Td>
                          <Table.Td>{rate.name}</Table.Td>
                          {canEdit && (
                            <Table.Td>
                              <EditDeleteButtons
                                name={`${rate.name} for ${rate.countryName}`}
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
                {addButton && <Group>{addButton}</Group>}
              </Stack>
            )}
          </DataView>
        </Stack>
      </SectionCard>
      <TaxPreview currencyCode={query.data?.shop.currencyCode ?? 'USD'} />
      <FormDialog dialog={dialog} title={{ add: 'Add tax rate', edit: 'Edit tax rate' }}>
        {(editing) => (
          <TaxRateForm
            initial={
              editing
                ? {
                    countryCode: editing.countryCode,
                    region: editing.region ?? '',
                    rate: editing.rate,
                    name: editing.name,
                  }
                : EMPTY_TAX_RATE
            }
            submitLabel={editing ? 'Save tax rate' : 'Add tax rate'}
            onCancel={dialog.close}
            onSubmit={(values) => saveRate.submit({ editing, input: taxRateInput(values) })}
          />
        )}
      </FormDialog>
    </Stack>
  );
}
