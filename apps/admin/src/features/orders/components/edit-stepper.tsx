import { ActionIcon, Group, NumberInput } from '@mantine/core';
import { IconMinus, IconPlus } from '@tabler/icons-react';

/** − [n] +, big enough for a thumb; never below `min`. */
export function EditStepper({
  title,
  value,
  min,
  onChange,
  error,
}: {
  /** What is counted: "Linen Shirt, M". */
  title: string;
  value: number;
  min: number;
  onChange: (value: number) => void;
  error?: boolean;
}) {
  const set = (n: number) => onChange(Math.min(100_000, Math.max(min, n)));
  return (
    <Group gap="xs" wrap="nowrap">
      <ActionIcon
        size={44}
        variant="default"
        aria-label={`One fewer ${title}`}
        onClick={() => set(value - 1)}
        disabled={value <= min}
      >
        <IconMinus size={20} aria-hidden />
      </ActionIcon>
      <NumberInput
        aria-label={`Quantity of ${title}`}
        value={value}
        onChange={(v) => set(typeof v === 'number' ? v : Number(v) || min)}
        min={min}
        max={100_000}
        allowDecimal={false}
        allowNegative={false}
        hideControls
        size="md"
        w={72}
        styles={{ input: { textAlign: 'center', height: 44 } }}
        error={error}
        inputMode="numeric"
      />
      <ActionIcon size={44} variant="default" aria-label={`One more ${title}`} onClick={() => set(value + 1)}>
        <IconPlus size={20} aria-hidden />
      </ActionIcon>
    </Group>
  );
}
