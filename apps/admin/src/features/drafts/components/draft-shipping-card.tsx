import { Radio, SimpleGrid, Stack, Text, TextInput } from '@mantine/core';
import { SectionCard } from '../../../components/section-card';
import type { DraftOrderCalculateMutation } from '../../../gql/graphql';
import { formatMoney } from '../../../lib/format';
import type { DraftValues, ShippingChoice } from './draft-form';

type Rates = NonNullable<
  DraftOrderCalculateMutation['draftOrderCalculate']['calculated']
>['availableShippingRates'];

/** The rates that apply to the address and subtotal (from the server), a custom line, or none. */
export function DraftShippingCard({
  values,
  onChange,
  rates,
  error,
  readOnly,
  hasAddress,
  placed = null,
}: {
  values: DraftValues;
  onChange: (next: DraftValues) => void;
  rates: Rates;
  error: string | null;
  readOnly: boolean;
  hasAddress: boolean;
  /** A completed draft: its order's shipping as placed (null line: none). */
  placed?: { line: { name: string; price: { amount: string; currencyCode: string } } | null } | null;
}) {
  const s = values.shipping;
  const value = s.kind === 'rate' ? `rate:${s.rateId}` : s.kind;
  const set = (shipping: ShippingChoice) => onChange({ ...values, shipping });
  if (placed) {
    return (
      <SectionCard title="Shipping">
        <Text size="sm" data-testid="draft-placed-shipping">
          {placed.line
            ? `${placed.line.name} · ${placed.line.price.amount === '0.00' ? 'Free' : formatMoney(placed.line.price)}`
            : 'No shipping (pickup, digital)'}
        </Text>
      </SectionCard>
    );
  }
  return (
    <SectionCard title="Shipping">
      <Stack gap="sm">
        <Radio.Group
          aria-label="Shipping"
          value={value}
          onChange={(v) => {
            if (v === 'none') set({ kind: 'none' });
            else if (v === 'custom') set({ kind: 'custom', title: 'Shipping', price: '' });
            else set({ kind: 'rate', rateId: v.slice(5) });
          }}
        >
          <Stack gap="xs">
            {rates.map((r) => (
              <Radio
                key={r.id}
                value={`rate:${r.id}`}
                disabled={readOnly}
                label={`${r.name} · ${r.price.amount === '0.00' ? 'Free' : formatMoney(r.price)}`}
              />
            ))}
            {!hasAddress && (
              <Text size="sm" c="dimmed">
                Add a shipping address to see the rates that apply.
              </Text>
            )}
            {hasAddress && rates.length === 0 && (
              <Text size="sm" c="dimmed">
                No shipping rate applies to this address and subtotal.
              </Text>
            )}
            <Radio value="custom" disabled={readOnly} label="Custom shipping" />
            <Radio value="none" disabled={readOnly} label="No shipping (pickup, digital)" />
          </Stack>
        </Radio.Group>
        {s.kind === 'custom' && (
          <SimpleGrid cols={{ base: 1, xs: 2 }}>
            <TextInput
              label="Shipping name"
              value={s.title}
              readOnly={readOnly}
              onChange={(e) => set({ ...s, title: e.currentTarget.value })}
            />
            <TextInput
              label="Shipping price"
              inputMode="decimal"
              placeholder="0.00"
              value={s.price}
              readOnly={readOnly}
              onChange={(e) => set({ ...s, price: e.currentTarget.value })}
            />
          </SimpleGrid>
        )}
        {error && (
          <Text size="sm" c="var(--mantine-color-error)" role="alert">
            {error}
          </Text>
        )}
      </Stack>
    </SectionCard>
  );
}
