import { Anchor, Badge, Breadcrumbs, Group, Skeleton, Stack, Text, Title } from '@mantine/core';
import { useDocumentTitle } from '@mantine/hooks';
import { Link, useParams } from 'react-router';
import { useSession } from '../../../lib/session-context';
import { DataView } from '../../../components/data-view';
import { NotFoundState } from '../../../components/not-found-state';
import { SectionCard } from '../../../components/section-card';
import { useCommand } from '../../../components/use-command';
import type { AddressInput } from '../../../gql/graphql';
import { useLocationQuery } from '../api/location-query';
import { useLocationUpdateMutation } from '../api/location-update-mutation';
import { placeAddressValues } from '../../../components/forms/address-fields';
import { LocationForm, locationInput } from '../components/location-form';
import { LocationStatusCard } from '../components/location-status-card';

/** `/settings/locations/:locationId`: name, address, and whether it is active. */
export function LocationRoute() {
  const { locationId = '' } = useParams();
  const { can } = useSession();
  const canEdit = can('INVENTORY_WRITE');
  const query = useLocationQuery(locationId);
  const [update] = useLocationUpdateMutation();
  const save = useCommand({
    mutate: async (input: { id: string; name: string; address: AddressInput; version: number }) => {
      const { id, ...fields } = input;
      return (await update({ variables: { id, input: fields } })).data?.locationUpdate;
    },
    success: (_, { name }) => ({ title: 'Location saved', message: `${name} is saved.` }),
  });
  const node = query.data?.node;
  const location = node?.__typename === 'Location' ? node : null;
  useDocumentTitle(`${location?.name ?? 'Location'} · Stockroom`);

  return (
    <Stack gap="lg" maw={760}>
      <div>
        <Breadcrumbs>
          <Anchor component={Link} to="/settings/locations" size="sm">
            Locations
          </Anchor>
          <Text size="sm">{location?.name ?? '…'}</Text>
        </Breadcrumbs>
        <Group gap="sm" mt={4}>
          <Title order={1}>{location?.name ?? 'Location'}</Title>
          {location && (
            <Badge color={location.active ? 'teal' : 'gray'} variant="dot">
              {location.active ? `Active · priority ${location.fulfillmentPriority}` : 'Inactive'}
            </Badge>
          )}
        </Group>
      </div>
      <DataView query={query} thing="location" skeleton={<Skeleton height={420} radius="md" />}>
        {(data) => {
          const found = data.node?.__typename === 'Location' ? data.node : null;
          if (!found) return <NotFoundState thing="location" headingOrder={2} />;
          return (
            <Stack gap="lg">
              <SectionCard
                title="Name and address"
                description={canEdit ? undefined : 'Changing locations needs INVENTORY_WRITE.'}
              >
                <LocationForm
                  key={found.version}
                  initial={{ name: found.name, address: placeAddressValues(found.address) }}
                  submitLabel="Save location"
                  disabled={!canEdit}
                  onSubmit={async (values) => {
                    const errors = await save.submit({
                      id: found.id,
                      ...locationInput(values),
                      version: found.version,
                    });
                    if (errors.some((e) => e.code === 'STALE_VERSION')) await query.refetch();
                    return errors;
                  }}
                />
              </SectionCard>
              <LocationStatusCard location={found} canEdit={canEdit} />
            </Stack>
          );
        }}
      </DataView>
    </Stack>
  );
}
