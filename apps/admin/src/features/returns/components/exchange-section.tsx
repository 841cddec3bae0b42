import { ActionIcon, Divider, Group, NumberInput, Stack, Text, TextInput } from '@mantine/core';
import { IconTrash } from '@tabler/icons-react';
import { Fragment } from 'react';
import { SectionCard } from '../../../components/section-card';
import { VariantPicker, variantTitleOf, type FoundVariant } from '../../../components/variant-picker';
import { formatMoney } from '../../../lib/format';
import {
  OVERRIDE_REASON_MAX,
  priceDiffers,
  type ExchangeChoice,
  type ExchangeChoiceErrors,
} from './exchange-plan';

/** A found variant as a new item of the exchange: one unit at today's price. */
export function exchangeChoiceOf(v: FoundVariant): ExchangeChoice {
  return {
    variantId: v.id,
    title: variantTitleOf(v.product.title, v.title),
    sku: v.sku ?? null,
    todayPrice: v.price,
    price: v.price.amount,
    reason: '',
    quantity: 1,
  };
}

/**
 * "Exchange for": new items the customer takes instead of money, from the catalog's item search;
 * priced today unless changed, and then with a reason (it shows on the order). A variant at most
 * once: choosing it again adds a unit.
 */
export function ExchangeSection({
  currencyCode,
  choices,
  errors,
  onChange,
}: {
  currencyCode: string;
  choices: readonly ExchangeChoice[];
  errors: Record<number, ExchangeChoiceErrors>;
  onChange: (choices: ExchangeChoice[]) => void;
}) {
  const pick = (v: FoundVariant) => {
    const at = choices.findIndex((c) => c.variantId === v.id);
    if (at >= 0) onChange(choices.map((c, i) => (i === at ? { ...c, quantity: c.quantity + 1 } : c)));
    else onChange([...choices, exchangeChoiceOf(v)]);
  };
  const set = (index: number, patch: Partial<ExchangeChoice>) =>
    onChange(choices.map((c, i) => (i === index ? { ...c, ...patch } : c)));
  return (
    <SectionCard
      title="Exchange for"
      description="New items instead of money: added to the order and shipped through the normal fulfillment."
      testId="exchange-section"
    >
      <Stack gap="md">
        <VariantPicker label="Add a new item" onPick={pick} />
        {choices.map((c, i) => {
          const differs = priceDiffers(c);
          const e = errors[i] ?? {};
          return (
            <Fragment key={c.variantId}>
              {i === 0 && <Divider />}
              <Stack gap="xs" data-testid="exchange-item">
                <Group justify="space-between" wrap="nowrap" align="flex-start" gap="sm">
                  <Stack gap={0} style={{ minWidth: 0 }}>
                    <Text size="sm" fw={600} lineClamp={2}>
                      {c.title}
                    </Text>
                    <Text size="xs" c="dimmed">
                      {[c.sku, `${formatMoney(c.todayPrice)} today`].filter(Boolean).join(' · ')}
                    </Text>
                  </Stack>
                  <ActionIcon
                    variant="subtle"
                    color="gray"
                    aria-label={`Remove ${c.title}`}
                    onClick={() => onChange(choices.filter((_, j) => j !== i))}
                  >
                    <IconTrash size={16} aria-hidden />
                  </ActionIcon>
                </Group>
                <Group gap="sm" align="flex-start" wrap="wrap">
                  <NumberInput
                    label="Quantity"
                    aria-label={`Quantity of ${c.title}`}
                    min={1}
                    max={100000}
                    allowDecimal={false}
                    allowNegative={false}
                    value={c.quantity}
                    onChange={(v) => set(i, { quantity: typeof v === 'number' ? v : Number(v) || 1 })}
                    error={e.quantity}
                    w={110}
                  />
                  <TextInput
                    label="Price"
                    aria-label={`Price of ${c.title}`}
                    inputMode="decimal"
                    value={c.price}
                    onChange={(ev) => set(i, { price: ev.currentTarget.value })}
                    error={e.price}
                    leftSection={<Text size="sm">{currencyCode}</Text>}
                    leftSectionWidth={48}
                    w={160}
                  />
                  {differs && (
                    <TextInput
                      label="Override reason"
                      aria-label={`Why the price of ${c.title} differs`}
                      placeholder="e.g. Price match, loyal customer"
                      description="Required: the price is not today's. Shown on the order."
                      value={c.reason}
                      maxLength={OVERRIDE_REASON_MAX}
                      onChange={(ev) => set(i, { reason: ev.currentTarget.value })}
                      error={e.reason}
                      withAsterisk
                      style={{ flex: 1, minWidth: 200 }}
                    />
                  )}
                </Group>
              </Stack>
              {i < choices.length - 1 && <Divider />}
            </Fragment>
          );
        })}
      </Stack>
    </SectionCard>
  );
}
