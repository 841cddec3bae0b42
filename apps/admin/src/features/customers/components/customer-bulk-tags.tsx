import { Affix, Button, Group, Modal, Paper, Text } from '@mantine/core';
import { useState } from 'react';
import { BulkTagsForm } from '../../../components/forms/bulk-tags-form';
import { useCommand } from '../../../components/use-command';
import { useCustomerUpdateMutation } from '../api/customer-update-mutation';
import type { CustomerRow } from './customer-table';

interface CustomerBulkTagsProps {
  rows: readonly CustomerRow[];
  onDone: (message: string) => void;
  onClear: () => void;
}

type Mode = 'add' | 'remove' | null;

function plural(n: number): string {
  return `${n.toLocaleString()} ${n === 1 ? 'customer' : 'customers'}`;
}

/** Adds or removes tags on the selected customers, one customerUpdate each (with its version). */
export function CustomerBulkTags({ rows, onDone, onClear }: CustomerBulkTagsProps) {
  const [mode, setMode] = useState<Mode>(null);
  const [update] = useCustomerUpdateMutation();

  /** One customer's new tags; a refusal or failure is noted in `failures`, with their name. */
  const tagOne = useCommand({
    mutate: async ({ row, tags }: { row: CustomerRow; tags: string[]; failures: string[] }) =>
      (await update({ variables: { id: row.id, input: { tags, version: row.version } } })).data
        ?.customerUpdate,
    onFailed: (messages, _, { row, failures }) => failures.push(`${row.displayName}: ${messages.join(' ')}`),
  });

  /** One customerUpdate per customer; what failed for whom is told with the result, not in the dialog. */
  const apply = async (wanted: string[]) => {
    if (!mode) return;
    const lower = new Set(wanted.map((t) => t.toLowerCase()));
    let changed = 0;
    const failures: string[] = [];
    for (const row of rows) {
      const next =
        mode === 'add'
          ? [...row.tags, ...wanted.filter((t) => !row.tags.some((r) => r.toLowerCase() === t.toLowerCase()))]
          : row.tags.filter((t) => !lower.has(t.toLowerCase()));
      if (next.length === row.tags.length) continue;
      if (await tagOne.run({ row, tags: next, failures })) changed += 1;
    }
    setMode(null);
    const verb = mode === 'add' ? 'Tags added to' : 'Tags removed from';
    const unchanged = rows.length - changed - failures.length;
    const parts = [`${verb} ${plural(changed)}.`];
    if (unchanged > 0) parts.push(`${plural(unchanged)} already ${mode === 'add' ? 'had' : 'lacked'} them.`);
    if (failures.length) parts.push(`Not changed: ${failures.join('; ')}`);
    onDone(parts.join(' '));
  };

  return (
    <>
      <Affix position={{ bottom: 16, left: 16, right: 16 }}>
        <Paper withBorder shadow="md" radius="md" p="sm" maw={640} mx="auto" data-testid="bulk-bar">
          <Group justify="space-between" gap="xs">
            <Text size="sm" fw={600}>
              {plural(rows.length)} selected
            </Text>
            <Group gap="xs">
              <Button size="xs" onClick={() => setMode('add')}>
                Add tags
              </Button>
              <Button size="xs" variant="default" onClick={() => setMode('remove')}>
                Remove tags
              </Button>
              <Button size="xs" variant="subtle" onClick={onClear}>
                Clear
              </Button>
            </Group>
          </Group>
        </Paper>
      </Affix>
      <Modal
        opened={mode !== null}
        onClose={() => setMode(null)}
        title={mode === 'add' ? 'Add tags' : 'Remove tags'}
      >
        <BulkTagsForm
          submitLabel={`${mode === 'add' ? 'Add to' : 'Remove from'} ${plural(rows.length)}`}
          onSubmit={apply}
          onCancel={() => setMode(null)}
          input={{ description: 'Press Enter after each tag.' }}
        />
      </Modal>
    </>
  );
}
