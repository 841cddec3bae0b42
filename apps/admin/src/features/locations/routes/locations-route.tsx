import { Button, Group, Skeleton, Stack, Text, Title } from '@mantine/core';
import { SettingsTabs } from '../../../components/settings-tabs';
import { useDocumentTitle } from '@mantine/hooks';
import { IconPlus } from '@tabler/icons-react';
import { useSession } from '../../../lib/session-context';
import { DataView } from '../../../components/data-view';
import { FormDialog, useFormDialog } from '../../../components/forms/form-dialog';
import { useCommand } from '../../../components/use-command';
import { useLocationCreateMutation } from '../api/location-create-mutation';
import { useLocationsQuery } from '../api/locations-query';
import { EMPTY_LOCATION, LocationForm, locationInput } from '../components/location-form';
import { LocationList } from '../components/location-list';

/** `/settings/locations`: stock locations and their fulfillment priority. */
export function LocationsRoute() {
  useDocumentTitle('Locations · Stockroom');
  const { can } = useSession();
  const canEdit = can('INVENTORY_WRITE');
  const query = useLocationsQuery();
  const dialog = useFormDialog();
  const [create] = useLocationCreateMutation();
  const add = useCommand({
    mutate: async (input: ReturnType<typeof locationInput>) =>
      (await create({ variables: { input } })).data?.locationCreate,
    success: (_, input) => ({
      title: 'Location added',
      message: `${input.name} is last in fulfillment priority.`,
    }),
    onDone: dialog.close,
  });

  const addButton = canEdit && (
    <Button leftSection={<IconPlus size={16} aria-hidden />} onClick={dialog.add}>
      Add location
    </Button>
  );

  return (
    <Stack gap="md" maw={860}>
      <SettingsTabs />
      <Group justify="space-between" align="flex-end" wrap="wrap">
        <div style={{ flex: '1 1 420px' }}>
          <Title order={2}>Locations</Title>
          <Text c="dimmed">
            Where stock is kept. Orders take stock from the first location that has it
            {canEdit ? '; drag or use the arrows to change the order.' : '.'}
          </Text>
        </div>
        {addButton}
      </Group>
      <DataView
        query={query}
        skeleton={
          <Stack gap="xs">
            {[0, 1, 2].map((i) => (
              <Skeleton key={i} height={64} radius="md" />
            ))}
          </Stack>
        }
        isEmpty={(data) => data.locations.length === 0}
        empty={{
          title: 'No locations yet',
          description: canEdit
            ? 'Add the warehouse or shop where you keep stock.'
            : 'A person with INVENTORY_WRITE can add the places where stock is kept.',
          action: addButton || undefined,
        }}
      >
        {(data) => <LocationList locations={data.locations} canEdit={canEdit} />}
      </DataView>
      <FormDialog dialog={dialog} title={{ add: 'Add location' }} size="lg">
        {() => (
          <LocationForm
            initial={EMPTY_LOCATION}
            submitLabel="Add location"
            onCancel={dialog.close}
            onSubmit={(values) => add.submit(locationInput(values))}
          />
        )}
      </FormDialog>
    </Stack>
  );
}
