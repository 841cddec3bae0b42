import {
  Alert,
  Anchor,
  Button,
  Divider,
  Group,
  Paper,
  Stack,
  Text,
  TextInput,
  Textarea,
} from '@mantine/core';
import { useDebouncedValue } from '@mantine/hooks';
import { notifications } from '@mantine/notifications';
import { formatMinor, parseMoney } from '@stockroom/domain';
import { Fragment, useMemo, useRef, useState } from 'react';
import { useNavigate } from 'react-router';
import { SectionCard } from '../../../components/section-card';
import type { OrderRefundPageQuery } from '../../../gql/graphql';
import { describeError } from '../../../lib/errors';
import { formatMoney } from '../../../lib/format';
import { useOrderRefundMutation } from '../api/order-refund-mutation';
import { useSuggestedRefundQuery } from '../api/suggested-refund-query';
import classes from './fulfill-layout.module.css';
import refundClasses from './refund-layout.module.css';
import { RefundLineRow } from './refund-line-row';
import {
  initialChoices,
  placeRefundErrors,
  refundLinesInput,
  shippingLeftWords,
  type PlacedRefundErrors,
  type RefundChoices,
} from './refund-plan';

type Order = NonNullable<OrderRefundPageQuery['order']>;
type Locations = OrderRefundPageQuery['locations'];
type Money = { amount: string; currencyCode: string };

function Figure({
  label,
  money,
  strong,
  negative,
}: {
  label: string;
  money: Money | null;
  strong?: boolean;
  negative?: boolean;
}) {
  return (
    <Group justify="space-between" wrap="nowrap">
      <Text size="sm" fw={strong ? 700 : undefined}>
        {label}
      </Text>
      <Text size="sm" fw={strong ? 700 : undefined} style={{ whiteSpace: 'nowrap' }}>
        {money ? `${negative && money.amount !== '0.00' ? '−' : ''}${formatMoney(money)}` : '—'}
      </Text>
    </Group>
  );
}

/**
 * Lines and quantities, restock, shipping, reason; the server's figures refresh as the person
 * edits (the old ones stay, dimmed, while new ones load) and the amount may be lowered, never raised
 * past what was paid and not yet refunded.
 */
export function RefundForm({ order, locations }: { order: Order; locations: Locations }) {
  const navigate = useNavigate();
  const [refund, refunding] = useOrderRefundMutation();
  const currency = order.totalPaid.currencyCode;
  const [choices, setChoices] = useState<RefundChoices>(() => initialChoices(order.lines));
  const [shipping, setShipping] = useState('');
  const [amount, setAmount] = useState<string | null>(null);
  const [reason, setReason] = useState('');
  const [submitted, setSubmitted] = useState<PlacedRefundErrors | null>(null);
  const lines = useMemo(() => refundLinesInput(order.lines, choices), [order.lines, choices]);
  const [asked] = useDebouncedValue({ lines, shipping }, 300);
  const suggestion = useSuggestedRefundQuery(order.id, asked.lines, asked.shipping);
  const figures = (suggestion.data ?? suggestion.previousData)?.order?.suggestedRefund ?? null;
  const stale = suggestion.loading || asked.lines !== lines || asked.shipping !== shipping;
  const suggestionErrors = placeRefundErrors(figures?.userErrors ?? [], asked.lines);
  const errors: PlacedRefundErrors = submitted ?? suggestionErrors;
  // One key per request: a retry of the same refund (a lost answer, a double click) refunds once.
  const key = useRef<{ request: string; key: string } | null>(null);

  const suggestedMinor = figures ? (parseMoney(figures.amount.amount, currency) ?? 0) : 0;
  const maximumMinor = figures ? (parseMoney(figures.maximumRefundable.amount, currency) ?? 0) : 0;
  const amountText = amount ?? formatMinor(suggestedMinor, currency);
  const amountMinor = parseMoney(amountText, currency);
  const amountProblem =
    amountMinor === null
      ? `Enter an amount like ${formatMinor(suggestedMinor || 1250, currency)}.`
      : figures && amountMinor > maximumMinor
        ? `At most ${formatMoney(figures.maximumRefundable)} can be refunded: what was paid and not yet refunded.`
        : null;
  const noShipping = figures?.shippingRefundable.amount === '0.00' && !shipping;
  const nothingChosen = lines.length === 0 && !(parseMoney(shipping, currency) ?? 0) && !amountMinor;
  // Issue #26 §1.1: no money and no units back in stock would record a refund of nothing.
  const nothingBack = !nothingChosen && !amountMinor && (figures?.unitsBackInStock ?? 0) === 0;
  const nothing = nothingChosen || nothingBack;
  const update = (change: () => void) => {
    setSubmitted(null);
    change();
  };

  const submit = async () => {
    const input = {
      orderId: order.id,
      lines,
      shipping: shipping.trim() || null,
      amount: amountText.trim(),
      reason: reason.trim() || null,
    };
    const request = JSON.stringify(input);
    if (key.current?.request !== request) key.current = { request, key: crypto.randomUUID() };
    try {
      const { data } = await refund({ variables: { input: { ...input, idempotencyKey: key.current.key } } });
      const payload = data?.orderRefund;
      const userErrors = payload?.userErrors ?? [];
      if (userErrors.length) {
        setSubmitted(placeRefundErrors(userErrors, lines));
        return;
      }
      const refunded = payload?.refund?.amount;
      notifications.show({
        color: 'green',
        // A refund of items alone gave no money back: say what it did instead of "Refunded $0.00".
        title:
          refunded && refunded.amount !== '0.00'
            ? `Refunded ${formatMoney(refunded)}`
            : 'Items back in stock',
        message: `${order.name}: the refund is recorded.`,
      });
      await navigate(`/orders/${order.id}`);
    } catch (error) {
      setSubmitted({ lines: {}, other: [describeError(error).message] });
    }
  };

  return (
    <form
      onSubmit={(event) => {
        event.preventDefault();
        void submit();
      }}
      noValidate
      aria-label={`Refund ${order.name}`}
    >
      <Stack gap="lg">
        {errors.other.length > 0 && (
          <Alert color="red" variant="light" title="Nothing was refunded" role="alert">
            {errors.other.join(' ')}
          </Alert>
        )}
        <div className={classes.grid}>
          <Stack gap="lg">
            <SectionCard
              title="Items"
              description="Choose what comes back. Units not shipped yet are simply not sent."
            >
              <Stack gap="md">
                {order.lines.map((line, i) => (
                  <Fragment key={line.id}>
                    {i > 0 && <Divider />}
                    <RefundLineRow
                      line={line}
                      choice={choices[line.id]!}
                      locations={locations}
                      error={errors.lines[line.id] ?? null}
                      cancelled={order.status === 'CANCELLED'}
                      onChange={(choice) => update(() => setChoices((c) => ({ ...c, [line.id]: choice })))}
                    />
                  </Fragment>
                ))}
              </Stack>
            </SectionCard>
            <SectionCard title="Shipping and reason">
              <Stack gap="sm">
                {noShipping ? (
                  <Text size="sm" c="dimmed">
                    No shipping is left to refund on this order.
                  </Text>
                ) : (
                  <TextInput
                    label="Shipping to refund"
                    description={
                      figures
                        ? shippingLeftWords(figures.shippingRefundable, figures.shippingTaxRefundable)
                        : undefined
                    }
                    placeholder="0.00"
                    inputMode="decimal"
                    value={shipping}
                    onChange={(e) => update(() => setShipping(e.currentTarget.value))}
                    error={errors.shipping}
                    leftSection={<Text size="sm">{currency}</Text>}
                    leftSectionWidth={48}
                  />
                )}
                <Textarea
                  label="Reason"
                  description="Shown on the order's timeline; the customer doesn't see it."
                  autosize
                  minRows={2}
                  maxLength={500}
                  value={reason}
                  onChange={(e) => update(() => setReason(e.currentTarget.value))}
                  error={errors.reason}
                />
              </Stack>
            </SectionCard>
          </Stack>
          <Paper
            withBorder
            radius="md"
            p={{ base: 'md', sm: 'lg' }}
            className={refundClasses.summary}
            data-testid="refund-summary"
          >
            <Stack gap="xs" style={{ opacity: stale && figures ? 0.6 : 1 }} aria-busy={stale}>
              <Text fw={700}>Summary</Text>
              <Figure label="Items" money={figures?.subtotal ?? null} />
              {figures && figures.discount.amount !== '0.00' && (
                <Figure label="Discount" money={figures.discount} negative />
              )}
              <Figure label="Tax" money={figures?.tax ?? null} />
              <Figure label="Shipping" money={figures?.shipping ?? null} />
              <Divider />
              <Figure label="Suggested refund" money={figures?.amount ?? null} strong />
              <Text size="xs" c="dimmed">
                {figures
                  ? `${formatMoney(figures.maximumRefundable)} paid and not yet refunded.`
                  : 'Working out the figures…'}
              </Text>
            </Stack>
            <Stack gap="xs" mt="md">
              <TextInput
                label="Refund amount"
                description={
                  amount !== null ? (
                    <Anchor
                      component="button"
                      type="button"
                      size="xs"
                      onClick={() => update(() => setAmount(null))}
                    >
                      Use the suggested amount
                    </Anchor>
                  ) : (
                    'Lower it for a partial refund.'
                  )
                }
                inputMode="decimal"
                value={amountText}
                onChange={(e) => update(() => setAmount(e.currentTarget.value))}
                error={errors.amount ?? amountProblem}
                leftSection={<Text size="sm">{currency}</Text>}
                leftSectionWidth={48}
              />
              <Button
                type="submit"
                size="md"
                loading={refunding.loading}
                disabled={nothing || Boolean(amountProblem)}
                data-testid="refund-submit"
              >
                {amountMinor
                  ? `Refund ${formatMoney({ amount: formatMinor(amountMinor, currency), currencyCode: currency })}`
                  : 'Refund'}
              </Button>
              {nothing && (
                <Text size="xs" c="dimmed" data-testid="refund-nothing">
                  {nothingChosen
                    ? 'Choose items or shipping to refund, or enter an amount.'
                    : 'This gives back no money and puts nothing back in stock, so there is nothing to refund.'}
                </Text>
              )}
            </Stack>
          </Paper>
        </div>
      </Stack>
    </form>
  );
}
