import {
  Alert,
  Button,
  Group,
  NativeSelect,
  Popover,
  Stack,
  Text,
  TextInput,
  UnstyledButton,
} from '@mantine/core';
import { useState, type FormEvent } from 'react';
import type { InventoryAdjustmentReason } from '../../../gql/graphql';
import { describeError } from '../../../lib/errors';
import { newIdempotencyKey } from '../../../lib/idempotency-key';
import { useInventoryAdjustMutation } from '../api/inventory-adjust-mutation';
import type { LevelRow } from './level-row';
import { ADJUSTMENT_REASONS, isAdjustmentReason, parseQuantity, signed } from './stock-terms';

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

/**
 * On hand, editable in place: click (or Enter on the focused number) opens a count; Enter saves it
 * with compare-and-swap on the number the person saw, so a count never overwrites a change it did
 * not see; Esc cancels.
 */
export function OnHandEditor({ level, onStale }: OnHandEditorProps) {
  const [opened, setOpened] = useState(false);
  const [text, setText] = useState('');
  const [reason, setReason] = useState<InventoryAdjustmentReason>('CORRECTION');
  const [inputError, setInputError] = useState<string | null>(null);
  const [formError, setFormError] = useState<string | null>(null);
  const [adjust, { loading }] = useInventoryAdjustMutation();
  const name = `${level.variant.product.title} · ${level.variant.title} at ${level.location.name}`;
  const preview = movementPreview(level.onHand, text);

  const open = () => {
    setText(String(level.onHand));
    setInputError(null);
    setFormError(null);
    setOpened(true);
  };

  const submit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const parsed = parseQuantity(text);
    if ('error' in parsed) {
      setInputError(parsed.error);
      return;
    }
    if (parsed.value === level.onHand) {
      setOpened(false);
      return;
    }
    setInputError(null);
    setFormError(null);
    const expected = level.onHand;
    try {
      const { data } = await adjust({
        variables: {
          input: {
            reason,
            idempotencyKey: newIdempotencyKey(),
            changes: [
              {
                variantId: level.variant.id,
                locationId: level.location.id,
                setOnHand: parsed.value,
                expectedOnHand: expected,
              },
            ],
          },
        },
      });
      const errors = data?.inventoryAdjust.userErrors ?? [];
      if (errors.length > 0) {
        setFormError(errors.map((e) => e.message).join(' '));
        if (errors.some((e) => e.code === 'STALE_VERSION')) await onStale();
        return;
      }
      setOpened(false);
    } catch (error) {
      setFormError(describeError(error).message);
    }
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
        <form onSubmit={(event) => void submit(event)} noValidate aria-label={`Count for ${name}`}>
          <Stack gap="xs">
            <Text size="xs" c="dimmed" lineClamp={2}>
              {name}
            </Text>
            <TextInput
              label="On hand"
              inputMode="numeric"
              value={text}
              onChange={(event) => setText(event.currentTarget.value)}
              error={inputError}
              data-autofocus
              onFocus={(event) => event.currentTarget.select()}
            />
            <NativeSelect
              label="Reason"
              value={reason}
              onChange={(event) => {
                const value = event.currentTarget.value;
                if (isAdjustmentReason(value)) setReason(value);
              }}
              data={ADJUSTMENT_REASONS.map((r) => ({ value: r.value, label: r.label }))}
            />
            <Text size="sm" fw={500} aria-live="polite" data-testid="movement-preview">
              {preview ? `Writes ${preview}` : ' '}
            </Text>
            {formError && (
              <Alert color="red" variant="light" role="alert" p="xs">
                <Text size="sm">{formError}</Text>
              </Alert>
            )}
            <Group justify="flex-end" gap="xs">
              <Button variant="default" size="xs" onClick={() => setOpened(false)}>
                Cancel
              </Button>
              <Button type="submit" size="xs" loading={loading}>
                Save
              </Button>
            </Group>
          </Stack>
        </form>
      </Popover.Dropdown>
    </Popover>
  );
}
