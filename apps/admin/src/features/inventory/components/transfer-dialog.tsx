import { Button, Group, Modal, NativeSelect, NumberInput, Paper, Stack, Text, Textarea } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { useRef, useState, type FormEvent } from 'react';
import { describeError } from '../../../lib/errors';
import { newIdempotencyKey } from '../../../lib/idempotency-key';
import { splitUserErrors, type UserErrorLike } from '../../../lib/user-errors';
import { useInventoryLocationsQuery } from '../api/inventory-locations-query';
import { useInventoryTransferMutation } from '../api/inventory-transfer-mutation';
import type { LevelRow } from './level-row';
import { VariantLabel } from './level-table';
import { FormErrors } from '../../../components/form-errors';

const FIELDS = ['toLocationId', 'quantity', 'note'] as const;
type TransferField = (typeof FIELDS)[number];
type FieldErrors = Partial<Record<TransferField, string>>;

const NOTE_MAX = 1000;

export interface TransferValues {
  toLocationId: string;
  /** As the number input holds it: a number, or '' while empty. */
  quantity: number | string;
  note: string;
}

/** Every problem with the form at once, in the words the person reads under each field. */
export function checkTransfer(values: TransferValues, available: number, fromName: string): FieldErrors {
  const errors: FieldErrors = {};
  if (!values.toLocationId) errors.toLocationId = 'Choose where the stock goes.';
  const q = typeof values.quantity === 'number' ? values.quantity : Number.NaN;
  if (!Number.isFinite(q) || q < 1) errors.quantity = 'Enter a quantity of at least 1.';
  else if (!Number.isInteger(q)) errors.quantity = 'Enter whole units, like 5.';
  else if (q > available) errors.quantity = `Only ${available.toLocaleString()} available at ${fromName}.`;
  if (values.note.length > NOTE_MAX) errors.note = `Use at most ${NOTE_MAX.toLocaleString()} characters.`;
  return errors;
}

/**
 * userError paths start at the argument (["input", "toLocationId"]); the dialog's fields are the
 * rest. The source location and the variant are fixed here, so messages about them go on top.
 */
function normalizeField(error: UserErrorLike): UserErrorLike {
  const path = error.field?.[0] === 'input' ? error.field.slice(1) : (error.field ?? []);
  if (path[0] === 'fromLocationId' || path[0] === 'variantId') return { ...error, field: null };
  return { ...error, field: path };
}

function serverMessage(error: UserErrorLike): UserErrorLike {
  // A retry after a lost answer, with different numbers: the first try may have moved the stock.
  if (error.code === 'IDEMPOTENCY_KEY_REUSED') {
    return {
      ...error,
      field: null,
      message:
        'An earlier try from this dialog may already have moved the stock. Close it and check the numbers before trying again.',
    };
  }
  return normalizeField(error);
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
  const [values, setValues] = useState<TransferValues>({ toLocationId: '', quantity: '', note: '' });
  // With one place to go there is nothing to choose.
  const toLocationId = values.toLocationId || onlyTarget;
  const [fieldErrors, setFieldErrors] = useState<FieldErrors>({});
  const [formErrors, setFormErrors] = useState<string[]>([]);
  const [transfer, { loading }] = useInventoryTransferMutation();
  const [idempotencyKey] = useState(newIdempotencyKey);
  const sending = useRef(false);
  const variantName = `${level.variant.product.title} · ${level.variant.title}`;

  // An edit answers the message under that field; the others stay until the next try.
  const set = <K extends keyof TransferValues>(key: K, value: TransferValues[K]) => {
    setValues((v) => ({ ...v, [key]: value }));
    setFieldErrors((e) => (e[key] === undefined ? e : { ...e, [key]: undefined }));
  };

  const submit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (sending.current) return;
    const local = checkTransfer({ ...values, toLocationId }, level.available, from.name);
    setFieldErrors(local);
    setFormErrors([]);
    if (Object.keys(local).length > 0) return;
    const quantity = Number(values.quantity);
    const toName = targets.find((l) => l.id === toLocationId)?.name ?? 'the other location';
    sending.current = true;
    try {
      const { data } = await transfer({
        variables: {
          input: {
            variantId: level.variant.id,
            fromLocationId: from.id,
            toLocationId,
            quantity,
            note: values.note.trim() || null,
            idempotencyKey,
          },
        },
      });
      const userErrors = (data?.inventoryTransfer.userErrors ?? []).map(serverMessage);
      if (userErrors.length > 0) {
        const split = splitUserErrors(userErrors, FIELDS);
        setFieldErrors(split.fields);
        setFormErrors(split.form);
        // The numbers on screen were out of date: show the current ones.
        if (userErrors.some((e) => e.code === 'INSUFFICIENT_STOCK')) await onStale();
        return;
      }
      notifications.show({
        color: 'green',
        title: 'Stock transferred',
        message: `Moved ${quantity.toLocaleString()} from ${from.name} to ${toName}.`,
      });
      onClose();
    } catch (error) {
      setFormErrors([describeError(error).message]);
    } finally {
      sending.current = false;
    }
  };

  const noTargets = !locations.loading && !locations.error && targets.length === 0;
  const quantity = typeof values.quantity === 'number' ? values.quantity : Number.NaN;
  const left =
    Number.isInteger(quantity) && quantity >= 1 && quantity <= level.available
      ? level.available - quantity
      : null;

  return (
    <Modal
      opened
      onClose={onClose}
      title="Transfer stock"
      centered
    >
      <form onSubmit={(event) => void submit(event)} noValidate aria-label={`Transfer ${variantName}`}>
        <Stack gap="sm">
          <FormErrors messages={formErrors} title="Nothing was moved" />
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
          <NativeSelect
            label="To"
            value={toLocationId}
            onChange={(event) => set('toLocationId', event.currentTarget.value)}
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
            error={fieldErrors.toLocationId}
            withAsterisk
          />
          <NumberInput
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
            value={values.quantity}
            onChange={(value) => set('quantity', value)}
            error={fieldErrors.quantity}
            withAsterisk
            data-autofocus
          />
          <Textarea
            label="Note"
            description="Optional; shown in the stock history."
            placeholder="e.g. Restocking the shop floor"
            autosize
            minRows={2}
            maxRows={5}
            value={values.note}
            onChange={(event) => set('note', event.currentTarget.value)}
            error={fieldErrors.note}
          />
          <Group justify="flex-end" gap="sm">
            <Button variant="default" onClick={onClose}>
              Cancel
            </Button>
            <Button type="submit" loading={loading} disabled={noTargets}>
              Transfer
            </Button>
          </Group>
        </Stack>
      </form>
    </Modal>
  );
}
