import { Alert, Button, Group, NumberInput, Select, Stack, TextInput } from '@mantine/core';
import { useState } from 'react';
import { SectionCard } from '../../../components/section-card';
import { useCommand } from '../../../components/use-command';
import { newIdempotencyKey } from '../../../lib/idempotency-key';
import { useVariantReceiveMutation } from '../api/variant-receive-mutation';

interface Props {
  variantId: string;
  locations: readonly { id: string; name: string }[];
}

/** One delivery as sent, and where it arrived (for the toast). */
interface Receipt {
  locationId: string;
  units: number;
  note: string | null;
  where: string;
}

/**
 * "Receive stock" on the variant page: how a new product gets its first units (and any delivery
 * after), without going to Inventory. A RECEIVED movement at one location, with an optional note.
 */
export function ReceiveStock({ variantId, locations }: Props) {
  const [locationId, setLocationId] = useState<string | null>(locations[0]?.id ?? null);
  const [quantity, setQuantity] = useState<number | string>('');
  const [note, setNote] = useState('');
  const [problems, setProblems] = useState<string[]>([]);
  const [receive] = useVariantReceiveMutation();
  const command = useCommand({
    mutate: async ({ locationId, units, note }: Receipt) =>
      (
        await receive({
          variables: {
            input: {
              reason: 'RECEIVED',
              note,
              idempotencyKey: newIdempotencyKey(),
              changes: [{ variantId, locationId, delta: units }],
            },
          },
        })
      ).data?.inventoryAdjust,
    success: (_, { units, where }) => ({
      title: 'Stock received',
      message: `${units.toLocaleString('en-US')} unit${units === 1 ? '' : 's'} added at ${where}.`,
    }),
    onFailed: (messages) => setProblems(messages),
    onDone: () => {
      setQuantity('');
      setNote('');
    },
  });

  if (!locations.length)
    return (
      <SectionCard title="Receive stock">
        <Alert color="gray" variant="light" mt="xs">
          There is no active location to receive stock at. Add one under Settings → Locations.
        </Alert>
      </SectionCard>
    );

  const submit = async () => {
    const units = typeof quantity === 'number' ? quantity : Number.NaN;
    const local: string[] = [];
    if (!locationId) local.push('Choose where the stock arrived.');
    if (!Number.isInteger(units) || units < 1) local.push('Enter how many units arrived (1 or more).');
    setProblems(local);
    if (local.length) return;
    const where = locations.find((l) => l.id === locationId)?.name ?? 'the location';
    await command.run({ locationId: locationId!, units, note: note.trim() || null, where });
  };

  return (
    <SectionCard title="Receive stock" description="Units that arrived, added to on hand at one location.">
      <form
        aria-label="Receive stock"
        noValidate
        onSubmit={(event) => {
          event.preventDefault();
          void submit();
        }}
      >
        <Stack gap="sm" mt="xs">
          {problems.length > 0 && (
            <Alert color="red" variant="light" role="alert" p="xs">
              {problems.join(' ')}
            </Alert>
          )}
          <Group grow align="flex-start" wrap="wrap">
            <Select
              label="Location"
              data={locations.map((l) => ({ value: l.id, label: l.name }))}
              value={locationId}
              onChange={setLocationId}
              allowDeselect={false}
              miw={160}
            />
            <NumberInput
              label="Units received"
              value={quantity}
              onChange={setQuantity}
              min={1}
              max={1_000_000}
              allowDecimal={false}
              allowNegative={false}
              miw={120}
            />
          </Group>
          <TextInput
            label="Note"
            placeholder="e.g. PO 1042 from the mill"
            value={note}
            onChange={(e) => setNote(e.currentTarget.value)}
            maxLength={500}
          />
          <Group justify="flex-end">
            <Button type="submit" loading={command.running}>
              Receive
            </Button>
          </Group>
        </Stack>
      </form>
    </SectionCard>
  );
}
