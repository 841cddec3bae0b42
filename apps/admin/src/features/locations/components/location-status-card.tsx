import { Button, Group, Stack } from '@mantine/core';
import { z } from 'zod';
import { FormErrors } from '../../../components/form-errors';
import { SectionCard } from '../../../components/section-card';
import { useCommand } from '../../../components/use-command';
import { useZodForm } from '../../../lib/forms/use-zod-form';
import { useLocationUpdateMutation } from '../api/location-update-mutation';

interface LocationStatusCardProps {
  location: { id: string; name: string; active: boolean; version: number };
  canEdit: boolean;
}

/** Nothing to fill in: the button is the whole form. */
const statusSchema = z.object({});

/** Activate or deactivate; the server refuses to deactivate while stock or committed units remain. */
export function LocationStatusCard({ location, canEdit }: LocationStatusCardProps) {
  const [update] = useLocationUpdateMutation();
  const toggle = useCommand({
    mutate: async () =>
      (
        await update({
          variables: { id: location.id, input: { active: !location.active, version: location.version } },
        })
      ).data?.locationUpdate,
    success: () => ({
      title: location.active ? 'Location deactivated' : 'Location activated',
      message: location.active
        ? `${location.name} no longer takes orders or stock.`
        : `${location.name} can hold stock and fulfill orders again.`,
    }),
  });
  const form = useZodForm<Record<string, never>>({
    schema: statusSchema,
    defaultValues: {},
    onSubmit: () => toggle.submit(undefined),
  });

  return (
    <SectionCard
      title="Status"
      description={
        location.active
          ? 'Active: holds stock and fulfills orders.'
          : 'Inactive: takes no stock and fulfills no orders.'
      }
    >
      <form onSubmit={(event) => void form.submit(event)} noValidate aria-label="Location status">
        <Stack gap="sm">
          <FormErrors messages={form.formErrors} title="Not changed" />
          {canEdit && (
            <Group>
              <Button
                type="submit"
                variant={location.active ? 'default' : 'filled'}
                color={location.active ? 'red' : undefined}
                loading={form.saving}
              >
                {location.active ? 'Deactivate location' : 'Activate location'}
              </Button>
            </Group>
          )}
        </Stack>
      </form>
    </SectionCard>
  );
}
