import { Button, Group, NativeSelect, Paper, Stack, Text, TextInput } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { useState, type FormEvent } from 'react';
import type { InventoryAdjustmentReason } from '../../../gql/graphql';
import { describeError } from '../../../lib/errors';
import { newIdempotencyKey } from '../../../lib/idempotency-key';
import { useInventoryAdjustMutation } from '../api/inventory-adjust-mutation';
import type { LevelRow } from './level-row';
import { FormErrors } from '../../../components/form-errors';
import { ADJUSTMENT_REASONS, isAdjustmentReason, parseQuantity, signed } from './stock-terms';

interface BulkAdjustBarProps {
  selected: readonly LevelRow[];
  onDone: () => void;
  onClear: () => void;
}

function rowName(level: LevelRow): string {
  return `${level.variant.sku ?? level.variant.product.title} at ${level.location.name}`;
}

/** Adds or removes the same number of units at every selected level, with one reason: one request. */
export function BulkAdjustBar({ selected, onDone, onClear }: BulkAdjustBarProps) {
  const [text, setText] = useState('');
  const [reason, setReason] = useState<InventoryAdjustmentReason>('RECEIVED');
  const [inputError, setInputError] = useState<string | null>(null);
  const [errors, setErrors] = useState<string[]>([]);
  const [adjust, { loading }] = useInventoryAdjustMutation();

  const submit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const parsed = parseQuantity(text);
    if ('error' in parsed || parsed.value === 0) {
      setInputError('error' in parsed ? parsed.error : 'Enter a change other than 0, like 5 or -2.');
      return;
    }
    setInputError(null);
    setErrors([]);
    try {
      const { data } = await adjust({
        variables: {
          input: {
            reason,
            idempotencyKey: newIdempotencyKey(),
            changes: selected.map((level) => ({
              variantId: level.variant.id,
              locationId: level.location.id,
              delta: parsed.value,
            })),
          },
        },
      });
      const userErrors = data?.inventoryAdjust.userErrors ?? [];
      if (userErrors.length > 0) {
        // ["input", "changes", "2", …] names the row the message is about.
        setErrors(
          userErrors.map((e) => {
            const index = e.field?.[1] === 'changes' ? Number(e.field[2]) : Number.NaN;
            const level = Number.isInteger(index) ? selected[index] : undefined;
            return level ? `${rowName(level)}: ${e.message}` : e.message;
          }),
        );
        return;
      }
      notifications.show({
        color: 'green',
        title: 'Stock adjusted',
        message: `${signed(parsed.value)} at ${selected.length} ${selected.length === 1 ? 'level' : 'levels'}.`,
      });
      setText('');
      onDone();
    } catch (error) {
      setErrors([describeError(error).message]);
    }
  };

  return (
    <Paper
      withBorder
      radius="md"
      p="sm"
      shadow="sm"
      // Stays in sight under the 60 px header while the person scrolls the rows they picked.
      style={{ position: 'sticky', top: 68, zIndex: 5 }}
      data-testid="bulk-adjust"
      component="section"
      aria-label="Bulk adjust"
    >
      <form onSubmit={(event) => void submit(event)} noValidate>
        <Stack gap="xs">
          <Group gap="sm" align="flex-end" wrap="wrap">
            <Text size="sm" fw={600} mb={{ base: 0, sm: 8 }} w={{ base: '100%', sm: 'auto' }}>
              {selected.length} selected
            </Text>
            <TextInput
              label="Change by"
              placeholder="e.g. 5 or -2"
              inputMode="numeric"
              w={{ base: 120, sm: 150 }}
              value={text}
              onChange={(event) => setText(event.currentTarget.value)}
              error={Boolean(inputError)}
              aria-describedby={inputError ? 'bulk-delta-error' : undefined}
            />
            <NativeSelect
              label="Reason"
              w={{ base: 190, sm: 220 }}
              value={reason}
              onChange={(event) => {
                const value = event.currentTarget.value;
                if (isAdjustmentReason(value)) setReason(value);
              }}
              data={ADJUSTMENT_REASONS.map((r) => ({ value: r.value, label: r.label }))}
            />
            <Button type="submit" loading={loading}>
              Adjust {selected.length}
            </Button>
            <Button variant="subtle" onClick={onClear}>
              Clear selection
            </Button>
          </Group>
          {inputError && (
            <Text size="sm" c="red" id="bulk-delta-error" role="alert">
              {inputError}
            </Text>
          )}
          <FormErrors messages={errors} title="Nothing was changed" />
        </Stack>
      </form>
    </Paper>
  );
}
