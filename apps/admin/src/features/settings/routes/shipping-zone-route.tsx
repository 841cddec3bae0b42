import { Anchor, Breadcrumbs, Button, Group, Skeleton, Stack, Text } from '@mantine/core';
import { useDocumentTitle } from '@mantine/hooks';
import { useState } from 'react';
import { Link, useNavigate, useParams } from 'react-router';
import { useSession } from '../../../lib/session-context';
import { DataView } from '../../../components/data-view';
import { ConfirmDeleteDialog } from '../../../components/forms/confirm-delete-dialog';
import { NotFoundState } from '../../../components/not-found-state';
import { SectionCard } from '../../../components/section-card';
import { useCommand } from '../../../components/use-command';
import type { ShippingZoneInput } from '../../../gql/graphql';
import { useShippingZoneDeleteMutation } from '../api/shipping-zone-delete-mutation';
import { useShippingZoneUpdateMutation } from '../api/shipping-zone-update-mutation';
import { useShippingZonesQuery } from '../api/shipping-zones-query';
import { SettingsTabs } from '../../../components/settings-tabs';
import { ZoneForm } from '../components/zone-form';
import { ZoneRates } from '../components/zone-rates';

/** `/settings/shipping/:zoneId`: a zone's name, countries and rates. */
export function ShippingZoneRoute() {
  const { zoneId = '' } = useParams();
  const navigate = useNavigate();
  const { can } = useSession();
  const canEdit = can('SETTINGS_WRITE');
  const query = useShippingZonesQuery();
  const zone = query.data?.shippingZones.find((z) => z.id === zoneId) ?? null;
  useDocumentTitle(`${zone?.name ?? 'Shipping zone'} · Settings · Stockroom`);
  const [update] = useShippingZoneUpdateMutation();
  const [remove, removing] = useShippingZoneDeleteMutation();
  const [confirming, setConfirming] = useState(false);

  const deleteZone = useCommand({
    mutate: async () => (await remove({ variables: { id: zoneId } })).data?.shippingZoneDelete,
    failedTitle: 'Not deleted',
    success: () => ({ title: 'Zone deleted', message: `${zone?.name ?? 'The zone'} is gone.` }),
    onDone: () => void navigate('/settings/shipping'),
  });
  const save = useCommand({
    mutate: async ({ id, input }: { id: string; input: ShippingZoneInput }) =>
      (await update({ variables: { id, input } })).data?.shippingZoneUpdate,
    success: (_, { input }) => ({ title: 'Zone saved', message: `${input.name} is saved.` }),
  });

  return (
    <Stack gap="lg" maw={860}>
      <SettingsTabs />
      <Breadcrumbs>
        <Anchor component={Link} to="/settings/shipping" size="sm">
          Shipping
        </Anchor>
        <Text size="sm">{zone?.name ?? '…'}</Text>
      </Breadcrumbs>
      <DataView query={query} skeleton={<Skeleton height={360} radius="md" />}>
        {(data) => {
          const found = data.shippingZones.find((z) => z.id === zoneId);
          if (!found) return <NotFoundState thing="shipping zone" headingOrder={2} />;
          return (
            <Stack gap="lg">
              <SectionCard
                title={found.name}
                description={canEdit ? undefined : 'Changing shipping needs SETTINGS_WRITE.'}
              >
                <Stack mt="sm">
                  <ZoneForm
                    key={found.version}
                    initial={{ name: found.name, countries: [...found.countries] }}
                    submitLabel="Save zone"
                    disabled={!canEdit}
                    onSubmit={async (values) => {
                      const errors = await save.submit({
                        id: found.id,
                        input: { ...values, version: found.version },
                      });
                      if (errors.some((e) => e.code === 'STALE_VERSION')) await query.refetch();
                      return errors;
                    }}
                  />
                </Stack>
              </SectionCard>
              <ZoneRates
                zoneId={found.id}
                rates={found.rates}
                currencyCode={data.shop.currencyCode}
                canEdit={canEdit}
              />
              {canEdit && (
                <Group justify="flex-end">
                  <Button color="red" variant="light" onClick={() => setConfirming(true)}>
                    Delete zone
                  </Button>
                </Group>
              )}
              <ConfirmDeleteDialog
                opened={confirming}
                onClose={() => setConfirming(false)}
                title="Delete zone"
                confirmLabel="Delete zone"
                loading={removing.loading}
                onConfirm={() => void deleteZone.run(undefined)}
              >
                Delete {found.name} and its{' '}
                {found.rates.length === 1 ? 'rate' : `${found.rates.length} rates`}? Orders already placed
                keep their shipping.
              </ConfirmDeleteDialog>
            </Stack>
          );
        }}
      </DataView>
    </Stack>
  );
}
