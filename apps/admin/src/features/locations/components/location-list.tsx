import { addressOneLine } from '@stockroom/domain';
import { ActionIcon, Anchor, Badge, Group, Paper, Stack, Text } from '@mantine/core';
import { IconArrowDown, IconArrowUp, IconGripVertical } from '@tabler/icons-react';
import { Link } from 'react-router';
import type { LocationsQuery } from '../../../gql/graphql';
import { useCommand } from '../../../components/use-command';
import { moveItem, useDragReorder } from '../../../lib/use-drag-reorder';
import { useLocationsReorderMutation } from '../api/locations-reorder-mutation';

type Location = LocationsQuery['locations'][number];

function addressLine(location: Location): string {
  const a = location.address;
  if (!a) return 'No address';
  return addressOneLine(a) || 'No address';
}

interface LocationListProps {
  locations: readonly Location[];
  canEdit: boolean;
}

/** Locations by fulfillment priority; drag or Move up/down to change which is tried first. */
export function LocationList({ locations, canEdit }: LocationListProps) {
  const [reorder, { loading }] = useLocationsReorderMutation();

  const reordered = useCommand({
    mutate: async ({ ids }: { ids: string[]; from: number; to: number }) =>
      (await reorder({ variables: { ids } })).data?.locationsReorder,
    failedTitle: 'Order not changed',
    success: (_, { from, to }) => {
      const moved = locations[from];
      return {
        title: 'Fulfillment priority saved',
        message: moved ? `${moved.name} is now number ${to + 1}.` : 'The new order is saved.',
      };
    },
  });
  const move = async (from: number, to: number) => {
    if (to < 0 || to >= locations.length) return;
    const ids = moveItem(locations, from, to).map((l) => l.id);
    await reordered.run({ ids, from, to });
  };
  const { itemProps } = useDragReorder((from, to) => void move(from, to));

  return (
    <Stack gap="xs" component="ol" m={0} p={0} style={{ listStyle: 'none' }} data-testid="location-list">
      {locations.map((location, index) => (
        <Paper
          key={location.id}
          component="li"
          withBorder
          radius="md"
          p="sm"
          {...(canEdit ? itemProps(index) : {})}
          data-testid="location-row"
        >
          <Group wrap="nowrap" gap="sm">
            {canEdit && (
              <IconGripVertical size={18} aria-hidden data-drag-handle color="var(--mantine-color-dimmed)" />
            )}
            <Text fw={700} w={24} ta="center" c="dimmed" aria-label={`Priority ${index + 1}`}>
              {index + 1}
            </Text>
            <Stack gap={0} style={{ flex: 1, minWidth: 0 }}>
              <Group gap="xs">
                <Anchor component={Link} to={`/settings/locations/${location.id}`} fw={600}>
                  {location.name}
                </Anchor>
                {!location.active && (
                  <Badge color="gray" variant="light" size="sm">
                    Inactive
                  </Badge>
                )}
              </Group>
              <Text size="sm" c="dimmed" truncate>
                {addressLine(location)}
              </Text>
            </Stack>
            {canEdit && (
              <Group gap={4} wrap="nowrap">
                <ActionIcon
                  variant="default"
                  aria-label={`Move ${location.name} up`}
                  disabled={index === 0 || loading}
                  onClick={() => void move(index, index - 1)}
                >
                  <IconArrowUp size={16} aria-hidden />
                </ActionIcon>
                <ActionIcon
                  variant="default"
                  aria-label={`Move ${location.name} down`}
                  disabled={index === locations.length - 1 || loading}
                  onClick={() => void move(index, index + 1)}
                >
                  <IconArrowDown size={16} aria-hidden />
                </ActionIcon>
              </Group>
            )}
          </Group>
        </Paper>
      ))}
    </Stack>
  );
}
