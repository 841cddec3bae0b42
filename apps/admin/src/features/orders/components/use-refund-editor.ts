import { useDebouncedValue } from '@mantine/hooks';
import { formatMinor, parseMoney } from '@stockroom/domain';
import { useMemo, useState, type SetStateAction } from 'react';
import { useRequestKey } from '../../../lib/idempotency-key';
import { useNavigate } from 'react-router';
import { useCommand } from '../../../components/use-command';
import type { OrderRefundInput, OrderRefundPageQuery, SuggestedRefundQuery } from '../../../gql/graphql';
import { describeError } from '../../../lib/errors';
import { formatMoney } from '../../../lib/format';
import { useOrderRefundMutation } from '../api/order-refund-mutation';
import { useSuggestedRefundQuery } from '../api/suggested-refund-query';
import {
  initialChoices,
  placeRefundErrors,
  refundLinesInput,
  type PlacedRefundErrors,
  type RefundChoices,
  type RefundLineChoice,
} from './refund-plan';

type Order = NonNullable<OrderRefundPageQuery['order']>;
export type RefundFigures = NonNullable<NonNullable<SuggestedRefundQuery['order']>['suggestedRefund']>;

/**
 * What the amount box says and allows: the amount typed (or the suggestion), what is wrong with
 * it, and whether the refund would give back nothing at all.
 */
function amountCheck(
  figures: RefundFigures | null,
  typed: string | null,
  chosen: { lines: number; shipping: string },
  currency: string,
) {
  const suggestedMinor = figures ? (parseMoney(figures.amount.amount, currency) ?? 0) : 0;
  const maximumMinor = figures ? (parseMoney(figures.maximumRefundable.amount, currency) ?? 0) : 0;
  const amountText = typed ?? formatMinor(suggestedMinor, currency);
  const amountMinor = parseMoney(amountText, currency);
  const amountProblem =
    amountMinor === null
      ? `Enter an amount like ${formatMinor(suggestedMinor || 1250, currency)}.`
      : figures && amountMinor > maximumMinor
        ? `At most ${formatMoney(figures.maximumRefundable)} can be refunded: what was paid and not yet refunded.`
        : null;
  const nothingChosen = chosen.lines === 0 && !(parseMoney(chosen.shipping, currency) ?? 0) && !amountMinor;
  // Issue #26 §1.1: no money and no units back in stock would record a refund of nothing.
  const nothingBack = !nothingChosen && !amountMinor && (figures?.unitsBackInStock ?? 0) === 0;
  return { amountText, amountMinor, amountProblem, nothingChosen, nothing: nothingChosen || nothingBack };
}

/**
 * The refund page's state and submit (react-admin's useEditController is the model): quantities,
 * restock and location per line, shipping, amount and reason; the server's suggested refund asked
 * again 300 ms after the last change (the old figures stay, marked stale, while new ones load); and
 * the refund itself, sent once per request however often it is retried.
 */
export function useRefundEditor(order: Order) {
  const navigate = useNavigate();
  const [refund] = useOrderRefundMutation();
  const currency = order.totalPaid.currencyCode;
  const [choices, setChoices] = useState<RefundChoices>(() => initialChoices(order.lines));
  const [shipping, setShipping] = useState('');
  const [amount, setAmount] = useState<string | null>(null);
  const [reason, setReason] = useState('');
  const [notify, setNotify] = useState(true);
  const [submitted, setSubmitted] = useState<PlacedRefundErrors | null>(null);
  const lines = useMemo(() => refundLinesInput(order.lines, choices), [order.lines, choices]);
  const [asked] = useDebouncedValue({ lines, shipping }, 300);
  const suggestion = useSuggestedRefundQuery(order.id, asked.lines, asked.shipping);
  const figures = (suggestion.data ?? suggestion.previousData)?.order?.suggestedRefund ?? null;
  const stale = suggestion.loading || asked.lines !== lines || asked.shipping !== shipping;
  const errors: PlacedRefundErrors = submitted ?? placeRefundErrors(figures?.userErrors ?? [], asked.lines);
  const check = amountCheck(figures, amount, { lines: lines.length, shipping }, currency);
  // One key per request: a retry of the same refund (a lost answer, a double click) refunds once.
  const keyOf = useRequestKey();

  /** Every change takes back what the last submit was told: the figures speak again. */
  const edit =
    <T>(set: (value: SetStateAction<T>) => void) =>
    (value: SetStateAction<T>) => {
      setSubmitted(null);
      set(value);
    };

  const command = useCommand({
    mutate: async (input: Omit<OrderRefundInput, 'idempotencyKey'>) => {
      const { data } = await refund({ variables: { input: { ...input, idempotencyKey: keyOf(input) } } });
      return data?.orderRefund;
    },
    success: ({ refund: made }) => ({
      // A refund of items alone gave no money back: say what it did instead of "Refunded $0.00".
      title:
        made && made.amount.amount !== '0.00'
          ? `Refunded ${formatMoney(made.amount)}`
          : 'Items back in stock',
      message: `${order.name}: the refund is recorded.`,
    }),
    onDone: () => void navigate(`/orders/${order.id}`),
  });

  const submit = async () => {
    const sent = lines;
    try {
      const userErrors = await command.submit({
        orderId: order.id,
        lines: sent,
        shipping: shipping.trim() || null,
        amount: check.amountText.trim(),
        reason: reason.trim() || null,
        notifyCustomer: notify && Boolean(order.email),
      });
      if (userErrors.length) setSubmitted(placeRefundErrors(userErrors, sent));
    } catch (error) {
      setSubmitted({ lines: {}, other: [describeError(error).message] });
    }
  };

  return {
    currency,
    choices,
    setChoice: (lineId: string, choice: RefundLineChoice) =>
      edit(setChoices)((prev) => ({ ...prev, [lineId]: choice })),
    shipping,
    setShipping: edit(setShipping),
    /** The amount typed, or null while the suggestion is taken. */
    amount,
    setAmount: edit(setAmount),
    reason,
    setReason: edit(setReason),
    /** Email the customer about the refund (when the order has an email). */
    notify,
    setNotify,
    email: order.email,
    figures,
    stale,
    errors,
    /** No shipping is left to refund and none was typed: the page says so instead of a box. */
    noShipping: figures?.shippingRefundable.amount === '0.00' && !shipping,
    ...check,
    submit,
    submitting: command.running,
  };
}
