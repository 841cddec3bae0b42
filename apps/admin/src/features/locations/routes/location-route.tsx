import { Anchor, Badge, Breadcrumbs, Group, Skeleton, Stack, Text, Title } from '@mantine/core';
import { useDocumentTitle } from '@mantine/hooks';
import { notifications } from '@mantine/notifications';
import { Link, useParams } from 'react-router';
import { useSession } from '../../../app/session-context';
import { DataView } from '../../../components/data-view';
import { NotFoundState } from '../../../components/not-found-state';
import { SectionCard } from '../../../components/section-card';
import { describeError } from '../../../lib/errors';
import { useLocationQuery } from '../api/location-query';
import { useLocationUpdateMutation } from '../api/location-update-mutation';
import { addressInput, LocationForm, type LocationValues } from '../components/location-form';
import { LocationStatusCard } from '../components/location-status-card';

/** `/settings/locations/:locationId`: name, address, and whether it is active. */
export function LocationRoute() {
  const { locationId = '' } = useParams();
  const { can } = useSession();
  const canEdit = can('INVENTORY_WRITE');
  const query = useLocationQuery(locationId);
  const [update] = useLocationUpdateMutation();
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
          const a = found.address;
          const initial: LocationValues = {
            name: found.name,
            company: a?.company ?? '',
            line1: a?.line1 ?? '',
            line2: a?.line2 ?? '',
            city: a?.city ?? '',
            region: a?.region ?? '',
            postalCode: a?.postalCode ?? '',
            countryCode: a?.countryCode ?? '',
            phone: a?.phone ?? '',
          };
          return (
            <Stack gap="lg">
              <SectionCard
                title="Name and address"
                description={canEdit ? undefined : 'Changing locations needs INVENTORY_WRITE.'}
              >
                <LocationForm
                  key={found.version}
                  initial={initial}
                  submitLabel="Save location"
                  disabled={!canEdit}
                  onSubmit={async (values) => {
                    try {
                      const { data: result } = await update({
                        variables: {
                          id: found.id,
                          input: {
                            name: values.name.trim(),
                            address: addressInput(values),
                            version: found.version,
                          },
                        },
                      });
                      const errors = result?.locationUpdate.userErrors ?? [];
                      if (errors.length === 0) {
                        notifications.show({
                          color: 'green',
                          title: 'Location saved',
                          message: `${values.name.trim()} is saved.`,
                        });
                      } else if (errors.some((e) => e.code === 'STALE_VERSION')) {
                        await query.refetch();
                      }
                      return errors;
                    } catch (error) {
                      return [{ message: describeError(error).message, code: 'ERROR', field: null }];
                    }
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
