import { Alert, Anchor, Button, Checkbox, Divider, Stack, Text, TextInput } from '@mantine/core';
import { parseMoney } from '@stockroom/domain';
import { useRef, useState } from 'react';
import { Link } from 'react-router';
import { SectionCard } from '../../../components/section-card';
import { useCommand } from '../../../components/use-command';
import type { ReturnFieldsFragment } from '../../../gql/graphql';
import { describeError } from '../../../lib/errors';
import { formatMoney } from '../../../lib/format';
import { newIdempotencyKey } from '../../../lib/idempotency-key';
import { useReturnSettlementQuery } from '../api/return-query';
import { useReturnSettleMutation } from '../api/return-mutations';
import { minorOf } from './return-plan';
import { MoneyFigure } from '../../../components/money-figure';

type Money = { amount: string; currencyCode: string };

/** The amount typed: null while the suggestion is taken; the words for what is wrong with it. */
export function settleAmountProblem(text: string | null, owed: Money | null): string | null {
  if (text === null || !owed) return null;
  const minor = parseMoney(text, owed.currencyCode);
  if (minor === null) return 'Enter an amount like 12.50.';
  if (minor > minorOf(owed)) return `At most ${formatMoney(owed)}: what is owed for this return.`;
  return null;
}

/**
 * The server's settlement for what arrived (the same computation returnSettle makes): credit, fees,
 * original shipping when every unit came back and staff choose it, and the refund, which may be
 * lowered, never raised past what is owed.
 */
export function SettlePanel({ ret }: { ret: ReturnFieldsFragment }) {
  const [refundShipping, setRefundShipping] = useState(false);
  const [amount, setAmount] = useState<string | null>(null);
  const [error, setError] = useState<string | null>(null);
  const query = useReturnSettlementQuery(ret.id, refundShipping, false);
  const s = (query.data ?? query.previousData)?.return?.suggestedSettlement ?? null;
  const [settle] = useReturnSettleMutation();
  const key = useRef<{ request: string; key: string } | null>(null);
  const problem = settleAmountProblem(amount, s?.refund ?? null);
  const shown = amount ?? s?.refund.amount ?? '';
  const currency = s?.refund.currencyCode ?? ret.order.currencyCode;
  const exchange = ret.exchangeLines.length > 0;
  // With an exchange the new items may cost more than what comes back: nothing to refund then.
  const owes = Boolean(s && minorOf(s.owed) > 0);
  const paying = s ? (amount === null ? s.refund : { amount: amount || '0', currencyCode: currency }) : null;

  const command = useCommand({
    mutate: async (refund: { amount: string | null; refundShipping: boolean }) => {
      const request = JSON.stringify(refund);
      if (key.current?.request !== request) key.current = { request, key: newIdempotencyKey() };
      const { data } = await settle({
        variables: { id: ret.id, refund, idempotencyKey: key.current.key },
      });
      return data?.returnSettle;
    },
    success: (payload) => ({
      title: payload.return?.refund
        ? `Refunded ${formatMoney(payload.return.refund.amount)}`
        : 'Return settled',
      message: `${ret.name} is settled.`,
    }),
    onDone: () => {
      setAmount(null);
      key.current = null;
    },
  });

  const submit = async () => {
    setError(null);
    try {
      const userErrors = await command.submit({
        amount: owes ? null : amount?.trim() || null,
        refundShipping,
      });
      if (userErrors.length) setError(userErrors.map((e) => e.message).join(' '));
    } catch (e) {
      setError(describeError(e).message);
    }
  };

  return (
    <SectionCard
      title="Settle"
      description="Credits the units received and those still expected; missing units credit nothing."
      testId="settle-panel"
    >
      <Stack gap="xs" mt="sm" style={{ opacity: query.loading && s ? 0.6 : 1 }} aria-busy={query.loading}>
        {ret.receivedQuantity === 0 && (
          <Text size="sm" c="orange.8">
            Nothing has arrived yet: settling now pays for units still on their way.
          </Text>
        )}
        {query.error && !s ? (
          <Alert color="red" variant="light" title="The figures could not be loaded">
            {describeError(query.error).message}{' '}
            <Anchor component="button" type="button" onClick={() => void query.refetch()}>
              Retry
            </Anchor>
          </Alert>
        ) : (
          <>
            <MoneyFigure
              label={`Returned items (${s?.creditedQuantity ?? '…'} credited)`}
              money={s?.credit ?? null}
            />
            {s && minorOf(s.restockingFee) > 0 && (
              <MoneyFigure label="Restocking fee" money={s.restockingFee} negative />
            )}
            {s && minorOf(s.returnShippingFee) > 0 && (
              <MoneyFigure label="Return shipping fee" money={s.returnShippingFee} negative />
            )}
            {s?.canRefundShipping && minorOf(s.shippingRefundable) > 0 && (
              <Checkbox
                label={`Refund original shipping (${formatMoney(s.shippingRefundable)})`}
                description="Every unit of the order came back."
                checked={refundShipping}
                onChange={(e) => {
                  setRefundShipping(e.currentTarget.checked);
                  setAmount(null);
                }}
              />
            )}
            {s && minorOf(s.shipping) > 0 && <MoneyFigure label="Original shipping" money={s.shipping} />}
            {exchange && s && (
              <>
                <MoneyFigure label="New items" money={s.newItemsTotal} />
                <Text size="xs" c="dimmed" mt={-6}>
                  {`${ret.order.pricesIncludeTax ? 'Of which' : 'With'} tax ${formatMoney(s.newItemsTax)} at today’s rate · ${formatMoney(s.exchangeCredit)} paid with the return’s credit`}
                </Text>
              </>
            )}
            <Divider />
            {owes && s ? (
              <>
                <MoneyFigure label="Customer owes" money={s.owed} strong />
                <Text size="sm" c="orange.8" data-testid="settle-owed">
                  {`The customer owes ${formatMoney(s.owed)}: collect it on the order.`}{' '}
                  <Anchor component={Link} to={`/orders/${ret.order.id}`} size="sm">
                    {ret.order.name}
                  </Anchor>
                </Text>
              </>
            ) : (
              <MoneyFigure label="Owed to the customer" money={s?.refund ?? null} strong />
            )}
            {s && !owes && (
              <Text size="xs" c="dimmed">
                {formatMoney(s.maximumRefundable)} paid and not yet refunded on the order.
              </Text>
            )}
          </>
        )}
        {s && s.userErrors.length > 0 && (
          <Text size="sm" c="var(--mantine-color-error)">
            {s.userErrors.map((e) => e.message).join(' ')}
          </Text>
        )}
      </Stack>
      <Stack gap="xs" mt="md">
        {!owes && (
          <TextInput
            label="Refund amount"
            description={
              amount !== null ? (
                <Anchor component="button" type="button" size="xs" onClick={() => setAmount(null)}>
                  Use the amount owed
                </Anchor>
              ) : (
                'Lower it to give back less.'
              )
            }
            inputMode="decimal"
            value={shown}
            onChange={(e) => setAmount(e.currentTarget.value)}
            error={problem}
            leftSection={<Text size="sm">{currency}</Text>}
            leftSectionWidth={48}
            disabled={!s}
          />
        )}
        {error && (
          <Alert color="red" variant="light" title="Not settled" role="alert">
            {error}
          </Alert>
        )}
        <Button
          size="md"
          onClick={() => void submit()}
          loading={command.running}
          disabled={!s || Boolean(problem)}
          data-testid="settle-submit"
        >
          {paying && minorOf(paying) > 0
            ? `Settle and refund ${formatMoney(paying)}`
            : 'Settle with no refund'}
        </Button>
      </Stack>
    </SectionCard>
  );
}
