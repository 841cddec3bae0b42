import { Alert, Button, Group, Stack, Text } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { useState } from 'react';
import { SectionCard } from '../../../components/section-card';
import { describeError } from '../../../lib/errors';
import { useLocationUpdateMutation } from '../api/location-update-mutation';

interface LocationStatusCardProps {
  location: { id: string; name: string; active: boolean; version: number };
  canEdit: boolean;
}

/** Activate or deactivate; the server refuses to deactivate while stock or committed units remain. */
export function LocationStatusCard({ location, canEdit }: LocationStatusCardProps) {
  const [update, { loading }] = useLocationUpdateMutation();
  const [errors, setErrors] = useState<string[]>([]);

  const toggle = async () => {
    setErrors([]);
    try {
      const { data } = await update({
        variables: { id: location.id, input: { active: !location.active, version: location.version } },
      });
      const userErrors = data?.locationUpdate.userErrors ?? [];
      if (userErrors.length > 0) {
        setErrors(userErrors.map((e) => e.message));
        return;
      }
      notifications.show({
        color: 'green',
        title: location.active ? 'Location deactivated' : 'Location activated',
        message: location.active
          ? `${location.name} no longer takes orders or stock.`
          : `${location.name} can hold stock and fulfill orders again.`,
      });
    } catch (error) {
      setErrors([describeError(error).message]);
    }
  };

  return (
    <SectionCard
      title="Status"
      description={
        location.active
          ? 'Active: holds stock and fulfills orders.'
          : 'Inactive: takes no stock and fulfills no orders.'
      }
    >
      <Stack gap="sm">
        {errors.length > 0 && (
          <Alert color="red" variant="light" role="alert" title="Not changed">
            {errors.map((m) => (
              <Text key={m} size="sm">
                {m}
              </Text>
            ))}
          </Alert>
        )}
        {canEdit && (
          <Group>
            <Button
              variant={location.active ? 'default' : 'filled'}
              color={location.active ? 'red' : undefined}
              loading={loading}
              onClick={() => void toggle()}
            >
              {location.active ? 'Deactivate location' : 'Activate location'}
            </Button>
          </Group>
        )}
      </Stack>
    </SectionCard>
  );
}
