import { Group, Modal, Paper, Stack, Text } from '@mantine/core';
import { useEffect, useRef, useState } from 'react';
import { useWatch } from 'react-hook-form';
import { FormErrors } from '../../../components/form-errors';
import { FormActions } from '../../../components/forms/form-actions';
import { NativeSelectField, TextareaField } from '../../../components/forms/form-fields';
import { NumberField } from '../../../components/forms/number-field';
import { useCommand } from '../../../components/use-command';
import type { InventoryTransferInput } from '../../../gql/graphql';
import { describeError } from '../../../lib/errors';
import type { PlaceableUserError } from '../../../lib/forms/place-user-errors';
import { useZodForm } from '../../../lib/forms/use-zod-form';
import { newIdempotencyKey } from '../../../lib/idempotency-key';
import { useInventoryLocationsQuery } from '../api/inventory-locations-query';
import { useInventoryTransferMutation } from '../api/inventory-transfer-mutation';
import type { LevelRow } from './level-row';
import { VariantLabel } from './level-table';
import { transferSchema, type TransferValues } from './stock-schemas';

/**
 * The source location and the variant are fixed in this dialog, so messages about them go on top
 * (the form has no such fields); a retry after a lost answer with different numbers may already
 * have moved the stock.
 */
function serverMessage(error: PlaceableUserError): PlaceableUserError {
  if (error.code !== 'IDEMPOTENCY_KEY_REUSED') return error;
  return {
    ...error,
    field: null,
    message:
      'An earlier try from this dialog may already have moved the stock. Close it and check the numbers before trying again.',
  };
}

interface TransferDialogProps {
  level: LevelRow;
  onClose: () => void;
  /** Loads the levels again, after the stock changed under the person. */
  onStale: () => Promise<unknown>;
}

/**
 * Moves available units of one variant from this level's location to another active one. One
 * idempotency key per opened dialog: a double click, or a retry after a lost answer, moves once.
 */
export function TransferDialog({ level, onClose, onStale }: TransferDialogProps) {
  const from = level.location;
  const locations = useInventoryLocationsQuery();
  const targets = (locations.data?.locations ?? []).filter((l) => l.active && l.id !== from.id);
  const onlyTarget = targets.length === 1 ? targets[0]!.id : '';
  const [transfer] = useInventoryTransferMutation();
  const [idempotencyKey] = useState(newIdempotencyKey);
  const sending = useRef(false);
  const variantName = `${level.variant.product.title} · ${level.variant.title}`;
  const command = useCommand({
    mutate: async ({ input }: { input: InventoryTransferInput; toName: string }) =>
      (await transfer({ variables: { input } })).data?.inventoryTransfer,
    success: (_, { input, toName }) => ({
      title: 'Stock transferred',
      message: `Moved ${input.quantity.toLocaleString()} from ${from.name} to ${toName}.`,
    }),
    onDone: onClose,
  });
  const form = useZodForm<TransferValues>({
    schema: transferSchema(level.available, from.name),
    defaultValues: { toLocationId: onlyTarget, quantity: '', note: '' },
    onSubmit: async (values) => {
      // A second Enter while the first is on its way; the idempotency key covers a retry after it.
      if (sending.current) return;
      const quantity = Number(values.quantity);
      const toName = targets.find((l) => l.id === values.toLocationId)?.name ?? 'the other location';
      sending.current = true;
      try {
        const errors = await command.submit({
          input: {
            variantId: level.variant.id,
            fromLocationId: from.id,
            toLocationId: values.toLocationId,
            quantity,
            note: values.note.trim() || null,
            idempotencyKey,
          },
          toName,
        });
        // The numbers on screen were out of date: show the current ones.
        if (errors.some((e) => e.code === 'INSUFFICIENT_STOCK')) await onStale();
        return errors.map(serverMessage);
      } finally {
        sending.current = false;
      }
    },
  });
  const { control, setValue, getValues } = form;
  // With one place to go there is nothing to choose, also when the locations arrive after opening.
  useEffect(() => {
    if (onlyTarget && !getValues('toLocationId')) setValue('toLocationId', onlyTarget);
  }, [onlyTarget, getValues, setValue]);

  const noTargets = !locations.loading && !locations.error && targets.length === 0;
  const typed: unknown = useWatch({ control, name: 'quantity' });
  const quantity = typeof typed === 'number' ? typed : Number.NaN;
  const left =
    Number.isInteger(quantity) && quantity >= 1 && quantity <= level.available
      ? level.available - quantity
      : null;

  return (
    <Modal opened onClose={onClose} title="Transfer stock" centered>
      <form onSubmit={(event) => void form.submit(event)} noValidate aria-label={`Transfer ${variantName}`}>
        <Stack gap="sm">
          <FormErrors messages={form.formErrors} title="Nothing was moved" />
          <Paper withBorder radius="sm" p="sm" bg="var(--mantine-color-default-hover)">
            <Stack gap={6}>
              <VariantLabel level={level} />
              <Group gap="xs" wrap="nowrap" justify="space-between" data-testid="transfer-from">
                <Text size="sm" style={{ minWidth: 0 }} truncate>
                  <Text span size="sm" c="dimmed">
                    From{' '}
                  </Text>
                  <Text span size="sm" fw={500}>
                    {from.name}
                  </Text>
                </Text>
                <Text size="sm" fw={600} style={{ flexShrink: 0, fontVariantNumeric: 'tabular-nums' }}>
                  {level.available.toLocaleString()} available
                </Text>
              </Group>
            </Stack>
          </Paper>
          <NativeSelectField
            control={control}
            name="toLocationId"
            label="To"
            data={[
              {
                value: '',
                label: locations.loading ? 'Loading locations…' : 'Choose a location',
                disabled: true,
              },
              ...targets.map((l) => ({ value: l.id, label: l.name })),
            ]}
            disabled={noTargets}
            description={
              noTargets
                ? 'There is no other active location. Add or activate one under Settings → Locations.'
                : locations.error
                  ? describeError(locations.error).message
                  : undefined
            }
            withAsterisk
          />
          <NumberField
            control={control}
            name="quantity"
            label="Quantity"
            description={
              left !== null
                ? `Leaves ${left.toLocaleString()} available at ${from.name}.`
                : `Whole units, up to ${level.available.toLocaleString()}.`
            }
            min={1}
            max={Math.max(1, level.available)}
            // Out-of-range numbers stay as typed, so the message can say why instead of silently clamping.
            clampBehavior="none"
            allowDecimal={false}
            allowNegative={false}
            thousandSeparator=","
            withAsterisk
            data-autofocus
          />
          <TextareaField
            control={control}
            name="note"
            label="Note"
            description="Optional; shown in the stock history."
            placeholder="e.g. Restocking the shop floor"
            autosize
            minRows={2}
            maxRows={5}
          />
          <FormActions submitLabel="Transfer" saving={form.saving} onCancel={onClose} disabled={noTargets} />
        </Stack>
      </form>
    </Modal>
  );
}
