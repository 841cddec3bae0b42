import { ActionIcon, Group, NumberInput, Text } from '@mantine/core';
import { IconMinus, IconPlus } from '@tabler/icons-react';
import type { ReactNode } from 'react';

export interface QuantityStepperProps {
  value: number;
  /** The fewest allowed; 0 unless said. */
  min?: number;
  max: number;
  /** Called with the new count, already kept between min and max. */
  onChange: (value: number) => void;
  /** What is counted, in the −/+ buttons' names: "One more Oak Board". */
  label: string;
  /** The number box's name; "Quantity of {label}" unless said. */
  inputLabel?: string;
  /** Beside the box, e.g. "of 3" (the default) or "of 3 returnable"; false for none. */
  hint?: ReactNode | false;
  /** Marks the box red; the message itself goes under the whole row (the box is too narrow). */
  invalid?: boolean;
}

/** A count with big −/+ buttons for a thumb and a box to type in, kept between min and max. */
export function QuantityStepper({
  value,
  min = 0,
  max,
  onChange,
  label,
  inputLabel,
  hint,
  invalid = false,
}: QuantityStepperProps) {
  const set = (n: number) => onChange(Math.min(max, Math.max(min, n)));
  return (
    <Group gap="xs" wrap="nowrap" align="flex-start">
      <ActionIcon
        size={48}
        variant="default"
        aria-label={`One fewer ${label}`}
        onClick={() => set(value - 1)}
        disabled={value <= min}
      >
        <IconMinus size={20} aria-hidden />
      </ActionIcon>
      <NumberInput
        aria-label={inputLabel ?? `Quantity of ${label}`}
        value={value}
        onChange={(v) => set(typeof v === 'number' ? v : Number(v) || 0)}
        min={min}
        max={max}
        allowDecimal={false}
        allowNegative={false}
        hideControls
        size="lg"
        w={96}
        styles={{ input: { textAlign: 'center' } }}
        error={invalid}
        inputMode="numeric"
      />
      <ActionIcon
        size={48}
        variant="default"
        aria-label={`One more ${label}`}
        onClick={() => set(value + 1)}
        disabled={value >= max}
      >
        <IconPlus size={20} aria-hidden />
      </ActionIcon>
      {hint !== false && (
        <Text size="sm" c="dimmed" pt={14} style={{ whiteSpace: 'nowrap' }}>
          {hint ?? `of ${max}`}
        </Text>
      )}
    </Group>
  );
}
