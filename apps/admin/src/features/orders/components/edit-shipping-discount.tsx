import {
  Alert,
  Anchor,
  Badge,
  Button,
  CloseButton,
  Group,
  Radio,
  SimpleGrid,
  Stack,
  Text,
  TextInput,
} from '@mantine/core';
import { IconDiscount2 } from '@tabler/icons-react';
import { useState } from 'react';
import { SectionCard } from '../../../components/section-card';
import { formatMoney } from '../../../lib/format';
import { useOrderEditShippingRatesQuery } from '../api/order-edit-shipping-rates-query';
import type { OrderEditor } from './use-order-edit';

const priceWords = (m: { amount: string; currencyCode: string }) =>
  m.amount === '0.00' ? 'Free' : formatMoney(m);

function FieldError({ error }: { error: string | undefined }) {
  if (!error) return null;
  return (
    <Text size="sm" c="var(--mantine-color-error)" role="alert">
      {error}
    </Text>
  );
}

/** Keep the order's shipping, choose a rate that applies at the new subtotal, or a custom line. */
export function EditShippingCard({ editor }: { editor: OrderEditor }) {
  const { order, state, figures } = editor;
  const country = order.shippingAddress?.countryCode ?? null;
  const rates = useOrderEditShippingRatesQuery(country, figures?.subtotal.amount ?? order.subtotal.amount);
  const current = order.shippingLine;
  // The rate the order has already, at the same price, would change nothing: Keep says it.
  const found = ((rates.data ?? rates.previousData)?.shippingRatesFor ?? []).filter(
    (r) => !(current && r.rate.name === current.name && r.price.amount === current.price.amount),
  );
  const s = state.shipping;
  const value = s.kind === 'rate' ? `rate:${s.rateId}` : s.kind;
  return (
    <SectionCard title="Shipping">
      <Stack gap="sm">
        <Radio.Group
          aria-label="Shipping"
          value={value}
          onChange={(v) => {
            if (v === 'keep') editor.setShipping({ kind: 'keep' });
            else if (v === 'custom') editor.setShipping({ kind: 'custom', title: 'Shipping', price: '' });
            else editor.setShipping({ kind: 'rate', rateId: v.slice(5) });
          }}
        >
          <Stack gap="xs">
            <Radio
              value="keep"
              label={
                order.shippingLine
                  ? `Keep ${order.shippingLine.name} · ${priceWords(order.shippingLine.price)}`
                  : 'Keep: no shipping'
              }
            />
            {found.map((r) => (
              <Radio
                key={r.rate.id}
                value={`rate:${r.rate.id}`}
                label={`${r.rate.name} · ${priceWords(r.price)}`}
              />
            ))}
            {!country && (
              <Text size="sm" c="dimmed">
                The order has no shipping address, so no rate applies.
              </Text>
            )}
            {country && !rates.loading && found.length === 0 && (
              <Text size="sm" c="dimmed">
                No other rate applies to this address and subtotal.
              </Text>
            )}
            <Radio value="custom" label="Custom shipping" />
          </Stack>
        </Radio.Group>
        {s.kind === 'custom' && (
          <SimpleGrid cols={{ base: 1, xs: 2 }}>
            <TextInput
              label="Shipping name"
              value={s.title}
              maxLength={255}
              onChange={(e) => editor.setShipping({ ...s, title: e.currentTarget.value })}
            />
            <TextInput
              label="Shipping price"
              inputMode="decimal"
              placeholder="0.00"
              value={s.price}
              onChange={(e) => editor.setShipping({ ...s, price: e.currentTarget.value })}
              leftSection={<Text size="sm">{editor.currency}</Text>}
              leftSectionWidth={44}
            />
          </SimpleGrid>
        )}
        <FieldError error={editor.errors.shipping} />
      </Stack>
    </SectionCard>
  );
}

/**
 * The order's code: keep it, remove it, or apply another. When the edit takes the order below the
 * code's minimum, the card asks for a reason to keep it, or its removal.
 */
export function EditDiscountCard({ editor }: { editor: OrderEditor }) {
  const { order, state, figures } = editor;
  const [typed, setTyped] = useState('');
  const code = state.discountCode;
  const apply = () => {
    if (!typed.trim()) return;
    editor.setDiscountCode(typed.trim());
    setTyped('');
  };
  // Kept up while the reason is typed (the figures reload meanwhile).
  const notMet = Boolean(code && (figures?.discountMinimumNotMet || state.minimumOverrideReason));
  return (
    <SectionCard title="Discount">
      <Stack gap="sm">
        {code ? (
          <Group justify="space-between" wrap="nowrap">
            <Badge
              size="lg"
              variant="default"
              leftSection={<IconDiscount2 size={14} aria-hidden />}
              data-testid="edit-discount-code"
            >
              {code}
            </Badge>
            <CloseButton aria-label={`Remove code ${code}`} onClick={() => editor.setDiscountCode('')} />
          </Group>
        ) : (
          <Group gap="xs" align="flex-end" wrap="nowrap">
            <TextInput
              label="Discount code"
              placeholder="WELCOME10"
              value={typed}
              style={{ flex: 1 }}
              onChange={(e) => setTyped(e.currentTarget.value)}
              onKeyDown={(e) => {
                if (e.key === 'Enter') {
                  e.preventDefault();
                  apply();
                }
              }}
              autoCapitalize="characters"
              autoComplete="off"
              spellCheck={false}
            />
            <Button variant="default" onClick={apply} disabled={!typed.trim()}>
              Apply
            </Button>
          </Group>
        )}
        {order.discountCode && code.toLowerCase() !== order.discountCode.toLowerCase() && (
          <Text size="sm" c="dimmed">
            {code ? `Replaces ${order.discountCode}.` : `${order.discountCode} comes off the order.`}{' '}
            <Anchor
              component="button"
              type="button"
              size="sm"
              onClick={() => editor.setDiscountCode(order.discountCode ?? '')}
            >
              Keep {order.discountCode}
            </Anchor>
          </Text>
        )}
        {notMet && (
          <Alert
            color="yellow"
            variant="light"
            title="The order no longer reaches this code's minimum"
            data-testid="edit-discount-minimum"
          >
            <Stack gap="xs">
              <Text size="sm">Remove the code, or say why it stays.</Text>
              <TextInput
                label="Why the code stays"
                value={state.minimumOverrideReason}
                maxLength={500}
                onChange={(e) => editor.setMinimumOverrideReason(e.currentTarget.value)}
              />
            </Stack>
          </Alert>
        )}
        <FieldError error={editor.errors.discount} />
      </Stack>
    </SectionCard>
  );
}
