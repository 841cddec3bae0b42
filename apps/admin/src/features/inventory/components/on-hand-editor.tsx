import { Alert, Button, Group, Popover, Stack, Text, UnstyledButton } from '@mantine/core';
import { useState } from 'react';
import { useWatch } from 'react-hook-form';
import { FormErrors } from '../../../components/form-errors';
import { NativeSelectField, TextField } from '../../../components/forms/form-fields';
import { useCommand } from '../../../components/use-command';
import type { InventoryAdjustInput } from '../../../gql/graphql';
import type { PlaceableUserError } from '../../../lib/forms/place-user-errors';
import { useZodForm } from '../../../lib/forms/use-zod-form';
import { newIdempotencyKey } from '../../../lib/idempotency-key';
import { useInventoryAdjustMutation } from '../api/inventory-adjust-mutation';
import type { LevelRow } from './level-row';
import { countSchema, type CountValues } from './stock-schemas';
import { ADJUSTMENT_REASON_OPTIONS, parseQuantity, signed } from './stock-terms';

interface OnHandEditorProps {
  level: LevelRow;
  /** Loads the levels again, after the stock changed under the person (STALE_VERSION). */
  onStale: () => Promise<unknown>;
}

/** The preview of what a save will write: "+3 · 12 → 15". */
function movementPreview(from: number, text: string): string | null {
  const parsed = parseQuantity(text);
  if ('error' in parsed) return null;
  return `${signed(parsed.value - from)} · ${from.toLocaleString()} → ${parsed.value.toLocaleString()}`;
}

/** The one change of a count is ["input", "changes", "0", …]: its new on hand is the form's field. */
function countField(error: PlaceableUserError): PlaceableUserError {
  const path = error.field ?? [];
  if (path[1] === 'changes' && path.at(-1) === 'setOnHand') return { ...error, field: ['input', 'onHand'] };
  return error;
}

/**
 * On hand, editable in place: click (or Enter on the focused number) opens a count; Enter saves it
 * with compare-and-swap on the number the person saw, so a count never overwrites a change it did
 * not see; Esc cancels.
 */
export function OnHandEditor({ level, onStale }: OnHandEditorProps) {
  const [opened, setOpened] = useState(false);
  const [adjust] = useInventoryAdjustMutation();
  /** A count below zero is saved only once the person has seen what it means (the number it is for). */
  const [negativeSeen, setNegativeSeen] = useState<number | null>(null);
  const name = `${level.variant.product.title} · ${level.variant.title} at ${level.location.name}`;
  // The number in the table changing says the count was saved: no toast.
  const count = useCommand({
    mutate: async (input: InventoryAdjustInput) =>
      (await adjust({ variables: { input } })).data?.inventoryAdjust,
    onDone: () => setOpened(false),
  });
  const form = useZodForm<CountValues>({
    schema: countSchema,
    defaultValues: { onHand: String(level.onHand), reason: 'CORRECTION' },
    onSubmit: async ({ onHand, reason }) => {
      const parsed = parseQuantity(onHand);
      if ('error' in parsed) return;
      if (parsed.value === level.onHand) {
        setOpened(false);
        return;
      }
      if (parsed.value < 0 && negativeSeen !== parsed.value) {
        setNegativeSeen(parsed.value);
        return;
      }
      const errors = await count.submit({
        reason,
        idempotencyKey: newIdempotencyKey(),
        changes: [
          {
            variantId: level.variant.id,
            locationId: level.location.id,
            setOnHand: parsed.value,
            expectedOnHand: level.onHand,
          },
        ],
      });
      if (errors.some((e) => e.code === 'STALE_VERSION')) await onStale();
      return errors.map(countField);
    },
  });
  const text = useWatch({ control: form.control, name: 'onHand' });
  const preview = movementPreview(level.onHand, text);
  const parsedText = parseQuantity(text);
  const confirming = negativeSeen !== null && !('error' in parsedText) && parsedText.value === negativeSeen;

  const open = () => {
    // The reason stays as last chosen; the count starts from the number on screen.
    form.reset({ onHand: String(level.onHand), reason: form.getValues('reason') });
    setNegativeSeen(null);
    setOpened(true);
  };

  return (
    <Popover
      opened={opened}
      onChange={setOpened}
      trapFocus
      position="bottom"
      withArrow
      shadow="md"
      width={280}
    >
      <Popover.Target>
        <UnstyledButton
          onClick={() => (opened ? setOpened(false) : open())}
          aria-label={`On hand ${level.onHand} for ${name}; edit`}
          data-testid="on-hand-edit"
          data-row-focus
          px={8}
          py={2}
          style={{
            borderRadius: 'var(--mantine-radius-sm)',
            border: '1px dashed var(--mantine-color-default-border)',
            fontVariantNumeric: 'tabular-nums',
            minWidth: 56,
            textAlign: 'right',
          }}
        >
          {level.onHand.toLocaleString()}
        </UnstyledButton>
      </Popover.Target>
      <Popover.Dropdown>
        <form onSubmit={(event) => void form.submit(event)} noValidate aria-label={`Count for ${name}`}>
          <Stack gap="xs">
            <Text size="xs" c="dimmed" lineClamp={2}>
              {name}
            </Text>
            <TextField
              control={form.control}
              name="onHand"
              label="On hand"
              inputMode="numeric"
              data-autofocus
              onFocus={(event) => event.currentTarget.select()}
            />
            <NativeSelectField
              control={form.control}
              name="reason"
              label="Reason"
              data={[...ADJUSTMENT_REASON_OPTIONS]}
            />
            <Text size="sm" fw={500} aria-live="polite" data-testid="movement-preview">
              {preview ? `Writes ${preview}` : ' '}
            </Text>
            {confirming && (
              <Alert color="orange" variant="light" p="xs" role="alert" title="Below zero?">
                On hand {negativeSeen.toLocaleString()} means more units were sold than are on the shelf
                (oversold): orders wait until stock arrives. Save again to set it anyway.
              </Alert>
            )}
            <FormErrors messages={form.formErrors} title="Not saved" />
            <Group justify="flex-end" gap="xs">
              <Button variant="default" size="xs" onClick={() => setOpened(false)}>
                Cancel
              </Button>
              <Button type="submit" size="xs" loading={form.saving} color={confirming ? 'orange' : undefined}>
                {confirming ? 'Save anyway' : 'Save'}
              </Button>
            </Group>
          </Stack>
        </form>
      </Popover.Dropdown>
    </Popover>
  );
}
