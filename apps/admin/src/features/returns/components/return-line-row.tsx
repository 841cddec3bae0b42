import {
  ActionIcon,
  Avatar,
  Group,
  NativeSelect,
  NumberInput,
  SimpleGrid,
  Stack,
  Text,
  TextInput,
} from '@mantine/core';
import { RETURN_LIMITS, RETURN_REASON_LABELS, RETURN_REASONS, type ReturnReason } from '@stockroom/domain';
import { IconMinus, IconPhoto, IconPlus } from '@tabler/icons-react';
import { formatMoney } from '../../../lib/format';
import type { ReturnLineChoice } from './return-plan';

export interface ReturnLineRowView {
  id: string;
  productTitle: string;
  variantTitle: string;
  sku: string | null;
  imageUrl: string | null;
  quantity: number;
  fulfilledQuantity: number;
  returnableQuantity: number;
  unitPrice: { amount: string; currencyCode: string };
}

const REASON_OPTIONS = [
  { value: '', label: 'Choose a reason…' },
  ...RETURN_REASONS.map((r) => ({ value: r, label: RETURN_REASON_LABELS[r] })),
];

/** One line: what it is, how many come back (big −/+ for a thumb), why, and a note. */
export function ReturnLineRow({
  line,
  choice,
  error,
  onChange,
}: {
  line: ReturnLineRowView;
  choice: ReturnLineChoice;
  /** The reason's or the line's problem, in words. */
  error: { reason?: string; quantity?: string; note?: string } | null;
  onChange: (choice: ReturnLineChoice) => void;
}) {
  const max = line.returnableQuantity;
  const title =
    line.variantTitle !== 'Default' ? `${line.productTitle}, ${line.variantTitle}` : line.productTitle;
  const set = (n: number) => onChange({ ...choice, quantity: Math.min(max, Math.max(0, n)) });
  return (
    <Stack gap={6} data-testid="return-line">
      <Group wrap="nowrap" align="flex-start" gap="sm">
        <Avatar src={line.imageUrl} alt="" radius="sm" size={48} variant="light" color="gray">
          <IconPhoto size={22} aria-hidden />
        </Avatar>
        <Stack gap={0} style={{ flex: 1, minWidth: 0 }}>
          <Text fw={600} lineClamp={2}>
            {line.productTitle}
          </Text>
          {line.variantTitle !== 'Default' && <Text c="dimmed">{line.variantTitle}</Text>}
          <Text size="sm" c="dimmed">
            {[line.sku && `SKU ${line.sku}`, `${formatMoney(line.unitPrice)} each`]
              .filter(Boolean)
              .join(' · ')}
          </Text>
          <Text size="sm" c="dimmed">
            {`${line.quantity} bought, ${line.fulfilledQuantity} shipped`}
          </Text>
        </Stack>
      </Group>
      {max === 0 ? (
        <Text size="sm" c="dimmed">
          {line.fulfilledQuantity === 0
            ? 'Not shipped yet: cancel or refund it instead.'
            : 'Every shipped unit is on a return already.'}
        </Text>
      ) : (
        <>
          <Group gap="xs" wrap="nowrap" align="flex-start">
            <ActionIcon
              size={48}
              variant="default"
              aria-label={`One fewer ${title}`}
              onClick={() => set(choice.quantity - 1)}
              disabled={choice.quantity <= 0}
            >
              <IconMinus size={20} aria-hidden />
            </ActionIcon>
            <NumberInput
              aria-label={`Quantity of ${title} to return`}
              value={choice.quantity}
              onChange={(v) => set(typeof v === 'number' ? v : Number(v) || 0)}
              min={0}
              max={max}
              allowDecimal={false}
              allowNegative={false}
              hideControls
              size="lg"
              w={96}
              styles={{ input: { textAlign: 'center' } }}
              error={Boolean(error?.quantity)}
              inputMode="numeric"
            />
            <ActionIcon
              size={48}
              variant="default"
              aria-label={`One more ${title}`}
              onClick={() => set(choice.quantity + 1)}
              disabled={choice.quantity >= max}
            >
              <IconPlus size={20} aria-hidden />
            </ActionIcon>
            <Text size="sm" c="dimmed" pt={14} style={{ whiteSpace: 'nowrap' }}>
              of {max} returnable
            </Text>
          </Group>
          {choice.quantity > 0 && (
            <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="sm">
              <NativeSelect
                label="Reason"
                required
                data={REASON_OPTIONS}
                value={choice.reason ?? ''}
                onChange={(e) =>
                  onChange({ ...choice, reason: (e.currentTarget.value || null) as ReturnReason | null })
                }
                error={error?.reason}
              />
              <TextInput
                label="Note"
                placeholder="Optional"
                maxLength={RETURN_LIMITS.note}
                value={choice.note}
                onChange={(e) => onChange({ ...choice, note: e.currentTarget.value })}
                error={error?.note}
              />
            </SimpleGrid>
          )}
          {error?.quantity && (
            <Text size="sm" c="var(--mantine-color-error)" role="alert">
              {error.quantity}
            </Text>
          )}
        </>
      )}
    </Stack>
  );
}
