import { NativeSelect, SimpleGrid, Stack, Text, TextInput } from '@mantine/core';
import { RETURN_LIMITS, RETURN_REASON_LABELS, RETURN_REASONS, type ReturnReason } from '@stockroom/domain';
import { OrderLineHead, lineTitle } from '../../../components/order-line-head';
import { QuantityStepper } from '../../../components/quantity-stepper';
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
  const title = lineTitle(line);
  return (
    <Stack gap={6} data-testid="return-line">
      <OrderLineHead line={line}>
        <Text size="sm" c="dimmed">
          {`${line.quantity} bought, ${line.fulfilledQuantity} shipped`}
        </Text>
      </OrderLineHead>
      {max === 0 ? (
        <Text size="sm" c="dimmed">
          {line.fulfilledQuantity === 0
            ? 'Not shipped yet: cancel or refund it instead.'
            : 'Every shipped unit is on a return already.'}
        </Text>
      ) : (
        <>
          <QuantityStepper
            value={choice.quantity}
            max={max}
            onChange={(quantity) => onChange({ ...choice, quantity })}
            label={title}
            inputLabel={`Quantity of ${title} to return`}
            hint={`of ${max} returnable`}
            invalid={Boolean(error?.quantity)}
          />
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
