import { ActionIcon, Avatar, Checkbox, Group, NativeSelect, NumberInput, Stack, Text } from '@mantine/core';
import { IconMinus, IconPhoto, IconPlus } from '@tabler/icons-react';
import { formatMoney } from '../../../lib/format';
import {
  canRestock,
  refundableUnits,
  stockNote,
  type RefundLineChoice,
  type RefundLineView,
} from './refund-plan';

export interface RefundLineRowView extends RefundLineView {
  productTitle: string;
  variantTitle: string;
  sku: string | null;
  imageUrl: string | null;
  unitPrice: { amount: string; currencyCode: string };
}

interface RefundLineRowProps {
  line: RefundLineRowView;
  choice: RefundLineChoice;
  locations: readonly { id: string; name: string }[];
  error: string | null;
  /** The order is cancelled: its unshipped units went back to stock then. */
  cancelled: boolean;
  onChange: (choice: RefundLineChoice) => void;
}

/** One line: what it is, how many to refund (big −/+ for a thumb), and where returned units go. */
export function RefundLineRow({ line, choice, locations, error, cancelled, onChange }: RefundLineRowProps) {
  const max = refundableUnits(line);
  const title =
    line.variantTitle !== 'Default' ? `${line.productTitle}, ${line.variantTitle}` : line.productTitle;
  const set = (n: number) => onChange({ ...choice, quantity: Math.min(max, Math.max(0, n)) });
  const locationName = locations.find((l) => l.id === choice.locationId)?.name ?? line.location?.name ?? null;
  const note = stockNote(line, choice, locationName, cancelled);
  // Where the units shipped from may have been deactivated since: offer it only while it is active.
  const options = locations.map((l) => ({ value: l.id, label: l.name }));
  return (
    <Stack gap={6} data-testid="refund-line">
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
            {line.refundedQuantity > 0
              ? `${line.quantity} bought, ${line.refundedQuantity} refunded already`
              : `${line.quantity} bought`}
          </Text>
        </Stack>
      </Group>
      {max === 0 ? (
        <Text size="sm" c="dimmed">
          Every unit of this line is refunded.
        </Text>
      ) : (
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
            aria-label={`Quantity of ${title} to refund`}
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
            error={Boolean(error)}
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
            of {max}
          </Text>
        </Group>
      )}
      {choice.quantity > line.unfulfilledQuantity && canRestock(line) && (
        <Group gap="sm" align="center" wrap="wrap">
          <Checkbox
            label="Restock"
            checked={choice.restock}
            onChange={(e) => onChange({ ...choice, restock: e.currentTarget.checked })}
          />
          {choice.restock && options.length > 1 && (
            <NativeSelect
              aria-label={`Restock ${title} at`}
              size="sm"
              data={options}
              value={choice.locationId ?? ''}
              onChange={(e) => onChange({ ...choice, locationId: e.currentTarget.value })}
            />
          )}
        </Group>
      )}
      {error ? (
        <Text size="sm" c="var(--mantine-color-error)" role="alert">
          {error}
        </Text>
      ) : (
        note && (
          <Text size="sm" c="dimmed" data-testid="refund-stock-note">
            {note}
          </Text>
        )
      )}
    </Stack>
  );
}
