import { Anchor, Badge, Button, Group, Paper, Skeleton, Stack, Text } from '@mantine/core';
import { useDocumentTitle } from '@mantine/hooks';
import { IconPlus } from '@tabler/icons-react';
import { Link, useNavigate } from 'react-router';
import { useSession } from '../../../lib/session-context';
import { DataView } from '../../../components/data-view';
import { FormDialog, useFormDialog } from '../../../components/forms/form-dialog';
import { SectionCard } from '../../../components/section-card';
import { useCommand } from '../../../components/use-command';
import type { ShippingZoneInput } from '../../../gql/graphql';
import { useShippingZoneCreateMutation } from '../api/shipping-zone-create-mutation';
import { useShippingZonesQuery } from '../api/shipping-zones-query';
import { RatesCheck } from '../components/rates-check';
import { SettingsTabs } from '../../../components/settings-tabs';
import { ZoneForm } from '../components/zone-form';

function countriesLabel(names: readonly string[]): string {
  if (names.length <= 4) return names.join(', ');
  return `${names.slice(0, 3).join(', ')} and ${names.length - 3} more`;
}

/** `/settings/shipping`: shipping zones with their rates, and a rate checker. */
export function ShippingRoute() {
  useDocumentTitle('Shipping · Settings · Stockroom');
  const navigate = useNavigate();
  const { can } = useSession();
  const canEdit = can('SETTINGS_WRITE');
  const query = useShippingZonesQuery();
  const dialog = useFormDialog();
  const [create] = useShippingZoneCreateMutation();
  const add = useCommand({
    mutate: async (input: ShippingZoneInput) =>
      (await create({ variables: { input } })).data?.shippingZoneCreate,
    onDone: ({ zone }) => {
      if (!zone) return;
      dialog.close();
      void navigate(`/settings/shipping/${zone.id}`);
    },
  });
  const addButton = canEdit && (
    <Button leftSection={<IconPlus size={16} aria-hidden />} onClick={dialog.add}>
      Add zone
    </Button>
  );

  return (
    <Stack gap="lg" maw={860}>
      <SettingsTabs />
      <SectionCard
        title="Shipping zones"
        description={
          canEdit
            ? 'Each zone is a group of countries with the rates offered there.'
            : 'Changing shipping needs SETTINGS_WRITE.'
        }
      >
        <Stack gap="sm" mt="sm">
          <DataView
            query={query}
            skeleton={<Skeleton height={160} radius="md" />}
            isEmpty={(data) => data.shippingZones.length === 0}
            empty={{
              title: 'No shipping zones yet',
              description: 'Without a zone, no order can be shipped. Add one for the countries you ship to.',
              action: addButton || undefined,
            }}
          >
            {(data) => (
              <Stack gap="xs">
                {data.shippingZones.map((zone) => (
                  <Paper key={zone.id} withBorder radius="md" p="sm" data-testid="zone-row">
                    <Group justify="space-between" wrap="nowrap" align="flex-start">
                      <div style={{ minWidth: 0 }}>
                        <Anchor component={Link} to={`/settings/shipping/${zone.id}`} fw={600}>
                          {zone.name}
                        </Anchor>
                        <Text size="sm" c="dimmed">
                          {countriesLabel(zone.countryNames)}
                        </Text>
                      </div>
                      <Badge variant="light" color="gray" style={{ flexShrink: 0 }}>
                        {zone.rates.length === 1 ? '1 rate' : `${zone.rates.length} rates`}
                      </Badge>
                    </Group>
                  </Paper>
                ))}
                {addButton && <Group>{addButton}</Group>}
              </Stack>
            )}
          </DataView>
        </Stack>
      </SectionCard>
      <RatesCheck currencyCode={query.data?.shop.currencyCode ?? 'USD'} />
      <FormDialog dialog={dialog} title={{ add: 'Add zone' }}>
        {() => (
          <ZoneForm
            initial={{ name: '', countries: [] }}
            submitLabel="Add zone"
            onCancel={dialog.close}
            onSubmit={(values) => add.submit(values)}
          />
        )}
      </FormDialog>
    </Stack>
  );
}
