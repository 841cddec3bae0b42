import { Checkbox, Group, NativeSelect, Stack, Text } from '@mantine/core';
import { OrderLineHead, lineTitle } from '../../../components/order-line-head';
import { QuantityStepper } from '../../../components/quantity-stepper';
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
  const title = lineTitle(line);
  const locationName = locations.find((l) => l.id === choice.locationId)?.name ?? line.location?.name ?? null;
  const note = stockNote(line, choice, locationName, cancelled);
  // Where the units shipped from may have been deactivated since: offer it only while it is active.
  const options = locations.map((l) => ({ value: l.id, label: l.name }));
  return (
    <Stack gap={6} data-testid="refund-line">
      <OrderLineHead line={line}>
        <Text size="sm" c="dimmed">
          {line.refundedQuantity > 0
            ? `${line.quantity} bought, ${line.refundedQuantity} refunded already`
            : `${line.quantity} bought`}
        </Text>
      </OrderLineHead>
      {max === 0 ? (
        <Text size="sm" c="dimmed">
          Every unit of this line is refunded.
        </Text>
      ) : (
        <QuantityStepper
          value={choice.quantity}
          max={max}
          onChange={(quantity) => onChange({ ...choice, quantity })}
          label={title}
          inputLabel={`Quantity of ${title} to refund`}
          invalid={Boolean(error)}
        />
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
