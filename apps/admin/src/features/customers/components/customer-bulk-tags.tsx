import { Button, Group, Modal, Paper, Text } from '@mantine/core';
import { useState } from 'react';
import { BulkTagsForm } from '../../../components/forms/bulk-tags-form';
import { useCommand } from '../../../components/use-command';
import type { PlaceableUserError } from '../../../lib/forms/place-user-errors';
import { useCustomersBulkUpdateMutation } from '../api/customers-bulk-update-mutation';

interface CustomerBulkTagsProps {
  /** The chosen customers, or null for "all matching the search". */
  ids: readonly string[] | null;
  query: string;
  /** How many customers "all matching" is, as the list shows it ("1,204", "10,000+"). */
  countLabel: string;
  onDone: (message: string) => void;
  onClear: () => void;
}

type Mode = 'addTags' | 'removeTags' | null;

function plural(n: number): string {
  return `${n.toLocaleString()} ${n === 1 ? 'customer' : 'customers'}`;
}

/** The mutation's tags are at ["action", "addTags", i]: the dialog's one input. */
function tagsField(error: PlaceableUserError): PlaceableUserError {
  const path = error.field ?? [];
  return path[0] === 'action' ? { ...error, field: ['tags', ...path.slice(2)] } : error;
}

/**
 * Adds or removes tags on the selected customers, or on every customer the search finds: one
 * customersBulkUpdate, all or nothing (over 1,000 customers it runs as a job, followed in Jobs).
 */
export function CustomerBulkTags({ ids, query, countLabel, onDone, onClear }: CustomerBulkTagsProps) {
  const [mode, setMode] = useState<Mode>(null);
  const [update] = useCustomersBulkUpdateMutation();
  const target = ids ? plural(ids.length) : `all ${countLabel} matching customers`;

  const command = useCommand({
    mutate: async ({ kind, tags }: { kind: 'addTags' | 'removeTags'; tags: string[] }) => {
      const payload = (
        await update({ variables: { action: { [kind]: tags }, ...(ids ? { ids: [...ids] } : { query }) } })
      ).data?.customersBulkUpdate;
      return payload && { ...payload, userErrors: payload.userErrors.map(tagsField) };
    },
    onDone: (payload, { kind }) => {
      setMode(null);
      if (payload.job) {
        onDone(`Changing the tags of ${target} in the background; Settings › Jobs shows its progress.`);
        return;
      }
      const verb = kind === 'addTags' ? 'Tags added to' : 'Tags removed from';
      const n = payload.changedCount;
      const total = ids?.length;
      const unchanged = total != null ? total - n : 0;
      onDone(
        `${verb} ${plural(n)}.${unchanged > 0 ? ` ${plural(unchanged)} already ${kind === 'addTags' ? 'had' : 'lacked'} them.` : ''}`,
      );
    },
  });

  return (
    <>
      <Paper
        shadow="lg"
        withBorder
        radius="md"
        px="md"
        py="sm"
        role="region"
        aria-label="Bulk actions"
        data-testid="bulk-bar"
        // Stays in view at the bottom of the window while the list scrolls under it.
        style={{ position: 'sticky', bottom: 'var(--mantine-spacing-md)', zIndex: 5 }}
      >
        <Group justify="space-between" gap="xs" wrap="wrap">
          <Group gap={4} wrap="nowrap">
            <Text size="sm" fw={600} aria-live="polite">
              {ids ? `${plural(ids.length)} selected` : `All ${countLabel} matching selected`}
            </Text>
            <Button size="compact-sm" variant="subtle" onClick={onClear}>
              Clear
            </Button>
          </Group>
          <Group gap="xs">
            <Button size="sm" onClick={() => setMode('addTags')}>
              Add tags
            </Button>
            <Button size="sm" variant="default" onClick={() => setMode('removeTags')}>
              Remove tags
            </Button>
          </Group>
        </Group>
      </Paper>
      <Modal
        opened={mode !== null}
        onClose={() => setMode(null)}
        title={mode === 'addTags' ? 'Add tags' : 'Remove tags'}
      >
        <BulkTagsForm
          submitLabel={`${mode === 'addTags' ? 'Add to' : 'Remove from'} ${target}`}
          onSubmit={(tags) => command.submit({ kind: mode ?? 'addTags', tags })}
          onCancel={() => setMode(null)}
          errorTitle="Nothing was changed"
          input={{ description: 'Press Enter after each tag.' }}
        />
      </Modal>
    </>
  );
}
