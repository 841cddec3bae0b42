import { ActionIcon, Group, NumberInput, Stack, Text } from '@mantine/core';
import { IconAlertTriangle, IconMinus, IconPlus } from '@tabler/icons-react';
import { useId } from 'react';
import { useController, type Control } from 'react-hook-form';
import { firstFieldError } from '../../../components/forms/form-fields';
import { OrderLineHead, lineTitle } from '../../../components/order-line-head';
import type { FulfillValues } from './fulfill-plan';

export interface FulfillLineView {
  id: string;
  productTitle: string;
  variantTitle: string;
  sku: string | null;
  imageUrl: string | null;
  quantity: number;
  unfulfilledQuantity: number;
}

interface FulfillLineRowProps {
  control: Control<FulfillValues>;
  index: number;
  line: FulfillLineView;
  /** Says the chosen location seems to have fewer than asked (the server decides). */
  shortMessage: string | null;
}

/** One line to ship: what it is, and a quantity with big −/+ buttons for a thumb on a phone. */
export function FulfillLineRow({ control, index, line, shortMessage }: FulfillLineRowProps) {
  const messageId = useId();
  // Taken apart here: the React Compiler treats an object that holds a ref as a ref.
  const {
    field: { ref, name, value: raw, onChange, onBlur },
    fieldState,
  } = useController({ control, name: `lines.${index}.quantity` });
  const error = firstFieldError(fieldState.error)?.message;
  const value = raw === '' ? 0 : raw;
  const max = line.unfulfilledQuantity;
  const label = `Quantity of ${lineTitle(line)}`;
  const set = (n: number) => onChange(Math.min(max, Math.max(0, n)));
  return (
    <Stack gap={6} data-testid="fulfill-line">
      <OrderLineHead line={line}>
        <Text size="sm" c="dimmed">
          {max === line.quantity ? `${max} ordered` : `${max} of ${line.quantity} still to ship`}
        </Text>
      </OrderLineHead>
      <Group gap="xs" wrap="nowrap" align="flex-start">
        <ActionIcon
          size={48}
          variant="default"
          aria-label={`One fewer ${line.productTitle}`}
          onClick={() => set(value - 1)}
          disabled={value <= 0}
        >
          <IconMinus size={20} aria-hidden />
        </ActionIcon>
        <NumberInput
          ref={ref}
          name={name}
          aria-label={label}
          value={raw}
          onChange={(v) => onChange(typeof v === 'number' ? v : v === '' ? '' : Number(v))}
          onBlur={onBlur}
          min={0}
          max={max}
          allowDecimal={false}
          allowNegative={false}
          clampBehavior="none"
          hideControls
          size="lg"
          w={96}
          styles={{ input: { textAlign: 'center' } }}
          // The message goes under the whole row: the narrow box would wrap it word by word.
          error={Boolean(error)}
          aria-invalid={error ? true : undefined}
          aria-describedby={error || shortMessage ? messageId : undefined}
          inputMode="numeric"
        />
        <ActionIcon
          size={48}
          variant="default"
          aria-label={`One more ${line.productTitle}`}
          onClick={() => set(value + 1)}
          disabled={value >= max}
        >
          <IconPlus size={20} aria-hidden />
        </ActionIcon>
        <Text size="sm" c="dimmed" pt={14} style={{ whiteSpace: 'nowrap' }}>
          of {max}
        </Text>
      </Group>
      {error ? (
        <Text id={messageId} size="sm" c="var(--mantine-color-error)" role="alert">
          {error}
        </Text>
      ) : (
        shortMessage && (
          <Group id={messageId} gap={6} wrap="nowrap" align="flex-start" data-testid="stock-warning">
            <IconAlertTriangle
              size={18}
              color="var(--mantine-color-orange-7)"
              aria-hidden
              style={{ flexShrink: 0 }}
            />
            <Text size="sm">{shortMessage}</Text>
          </Group>
        )
      )}
    </Stack>
  );
}
