import { NotifyCustomerCheckbox } from '../../../components/notify-customer-checkbox';
import {
  Alert,
  Button,
  Divider,
  Group,
  Paper,
  SimpleGrid,
  Stack,
  Text,
  Textarea,
  TextInput,
} from '@mantine/core';
import { RETURN_LIMITS } from '@stockroom/domain';
import { Fragment, useMemo, useRef, useState } from 'react';
import { useNavigate } from 'react-router';
import { SectionCard } from '../../../components/section-card';
import { useCommand } from '../../../components/use-command';
import type { ReturnCreatePageQuery } from '../../../gql/graphql';
import { describeError } from '../../../lib/errors';
import { formatMoney } from '../../../lib/format';
import { newIdempotencyKey } from '../../../lib/idempotency-key';
import { useExchangeTaxRateQuery } from '../api/return-create-page-query';
import { useReturnCreateMutation } from '../api/return-mutations';
import {
  exchangeErrorAt,
  exchangeItemsOf,
  exchangeLinesInput,
  type ExchangeChoice,
  type ExchangeChoiceErrors,
  type ExchangeLineInputShape,
} from './exchange-plan';
import { ExchangeSection } from './exchange-section';
import classes from './return-layout.module.css';
import { ReturnLineRow } from './return-line-row';
import {
  initialReturnChoices,
  lineOfErrorPath,
  moneyOf,
  previewSettlement,
  readFees,
  returnLinesInput,
  type ReturnChoices,
  type ReturnLineChoice,
  type ReturnLineInputShape,
} from './return-plan';

type Order = NonNullable<ReturnCreatePageQuery['order']>;
type LineErrors = Record<string, { reason?: string; quantity?: string; note?: string }>;

interface Placed {
  lines: LineErrors;
  returnShippingFee?: string;
  restockingFeePercent?: string;
  note?: string;
  exchange: Record<number, ExchangeChoiceErrors>;
  other: string[];
}

const NONE: Placed = { lines: {}, exchange: {}, other: [] };

/** A row of the figures: label left, money right. */
export function Figure({
  label,
  minor,
  currency,
  strong,
  negative,
  testId,
}: {
  label: string;
  minor: number;
  currency: string;
  strong?: boolean;
  negative?: boolean;
  testId?: string;
}) {
  return (
    <Group justify="space-between" wrap="nowrap" data-testid={testId}>
      <Text size="sm" fw={strong ? 700 : undefined}>
        {label}
      </Text>
      <Text size="sm" fw={strong ? 700 : undefined} style={{ whiteSpace: 'nowrap' }}>
        {negative && minor > 0 ? '−' : ''}
        {formatMoney(moneyOf(minor, currency))}
      </Text>
    </Group>
  );
}

/** How the new items' tax is shown: at the address's rate today, or honestly not known. */
function exchangeTaxWords(
  pricesIncludeTax: boolean,
  known: boolean,
  rate: string | null,
  tax: number,
  currency: string,
): string {
  if (!known) return 'Plus tax at today’s rate for the shipping address.';
  if (rate === null) return 'No tax applies to the shipping address.';
  const amount = formatMoney(moneyOf(tax, currency));
  return pricesIncludeTax ? `Of which tax ${amount} (${rate}% today)` : `With tax ${amount} (${rate}% today)`;
}

function placeErrors(
  errors: readonly { field?: readonly string[] | null; message: string }[],
  sent: readonly ReturnLineInputShape[],
): Placed {
  const placed: Placed = { lines: {}, exchange: {}, other: [] };
  for (const e of errors) {
    const path = e.field ?? [];
    const exchangeAt = exchangeErrorAt(path);
    if (exchangeAt) {
      placed.exchange[exchangeAt.index] = {
        ...placed.exchange[exchangeAt.index],
        [exchangeAt.field]: e.message,
      };
      continue;
    }
    const lineId = lineOfErrorPath(path, sent);
    const leaf = path[path.length - 1];
    if (lineId) {
      const key = leaf === 'reason' || leaf === 'note' ? leaf : 'quantity';
      placed.lines[lineId] = { ...placed.lines[lineId], [key]: e.message };
    } else if (leaf === 'returnShippingFee' || leaf === 'restockingFeePercent' || leaf === 'note') {
      placed[leaf] = e.message;
    } else placed.other.push(e.message);
  }
  return placed;
}

/**
 * Lines and units to take back with a reason each, fees, and the settlement as it would be if every
 * unit came back (worked out here, with the server's arithmetic). One key per page visit: a double
 * click or a retry after a lost answer makes one return.
 */
export function ReturnCreateForm({ order }: { order: Order }) {
  const navigate = useNavigate();
  const [create] = useReturnCreateMutation();
  const currency = order.currencyCode;
  const [choices, setChoices] = useState<ReturnChoices>(() => initialReturnChoices(order.lines));
  const [shippingFee, setShippingFee] = useState('');
  const [percent, setPercent] = useState('');
  const [note, setNote] = useState('');
  const [exchange, setExchange] = useState<ExchangeChoice[]>([]);
  const [placed, setPlaced] = useState<Placed>(NONE);
  const key = useRef<string>(newIdempotencyKey());
  const fees = { returnShippingFee: shippingFee, restockingFeePercent: percent };
  const feeCheck = readFees(fees, currency);
  const address = order.shippingAddress?.countryCode
    ? { countryCode: order.shippingAddress.countryCode, region: order.shippingAddress.region }
    : null;
  const taxQuery = useExchangeTaxRateQuery(exchange.length > 0 ? address : null);
  const taxPreview = (taxQuery.data ?? taxQuery.previousData)?.taxPreview ?? null;
  // Known: the address's rate (or none applies); unknown: no address, or not loaded (yet).
  const taxKnown = address !== null && taxPreview !== null;
  const taxRate = taxPreview?.rate?.rate ?? null;
  const figures = useMemo(
    () =>
      previewSettlement(
        order,
        order.lines,
        choices,
        { returnShippingFee: shippingFee, restockingFeePercent: percent },
        exchangeItemsOf(exchange, taxRate),
      ),
    [order, choices, shippingFee, percent, exchange, taxRate],
  );
  const units = Object.values(choices).reduce((a, c) => a + c.quantity, 0);
  const [notify, setNotify] = useState(true);

  const command = useCommand({
    mutate: async (input: { lines: ReturnLineInputShape[]; exchangeLines: ExchangeLineInputShape[] }) => {
      const { data } = await create({
        variables: {
          input: {
            orderId: order.id,
            lines: input.lines,
            exchangeLines: input.exchangeLines.length ? input.exchangeLines : null,
            returnShippingFee: shippingFee.trim() || null,
            restockingFeePercent: percent.trim() ? Number(percent) : null,
            note: note.trim() || null,
            idempotencyKey: key.current,
            notifyCustomer: notify && Boolean(order.email),
          },
        },
      });
      return data?.returnCreate;
    },
    success: (payload) => ({
      title: `Return ${payload.return?.name ?? ''} created`.replace('  ', ' '),
      message: `${units} unit${units === 1 ? '' : 's'} expected back on ${order.name}.`,
    }),
    onDone: (payload) =>
      void navigate(payload.return ? `/returns/${payload.return.id}` : `/orders/${order.id}`),
  });

  const setChoice = (lineId: string, choice: ReturnLineChoice) => {
    setPlaced(NONE);
    setChoices((prev) => ({ ...prev, [lineId]: choice }));
  };

  const submit = async () => {
    const { lines, missingReason } = returnLinesInput(order.lines, choices);
    if (missingReason.length) {
      setPlaced({
        lines: Object.fromEntries(missingReason.map((id) => [id, { reason: 'Choose why it comes back.' }])),
        exchange: {},
        other: [],
      });
      return;
    }
    if (lines.length === 0) {
      setPlaced({ ...NONE, other: ['Choose at least one unit to take back.'] });
      return;
    }
    const exchangeInput = exchangeLinesInput(exchange);
    if (Object.keys(exchangeInput.errors).length) {
      setPlaced({ ...NONE, exchange: exchangeInput.errors });
      return;
    }
    if (feeCheck.shippingFeeError || feeCheck.percentError) return;
    try {
      const userErrors = await command.submit({ lines, exchangeLines: exchangeInput.lines });
      if (userErrors.length) setPlaced(placeErrors(userErrors, lines));
    } catch (error) {
      setPlaced({ ...NONE, other: [describeError(error).message] });
    }
  };

  return (
    <form
      onSubmit={(event) => {
        event.preventDefault();
        void submit();
      }}
      noValidate
      aria-label={`Return items of ${order.name}`}
    >
      <Stack gap="lg">
        {placed.other.length > 0 && (
          <Alert color="red" variant="light" title="No return was created" role="alert">
            {placed.other.join(' ')}
          </Alert>
        )}
        <div className={classes.grid}>
          <Stack gap="lg">
            <SectionCard title="Items" description="Choose what comes back and why. Only shipped units can.">
              <Stack gap="md">
                {order.lines.map((line, i) => (
                  <Fragment key={line.id}>
                    {i > 0 && <Divider />}
                    <ReturnLineRow
                      line={line}
                      choice={choices[line.id]!}
                      error={placed.lines[line.id] ?? null}
                      onChange={(choice) => setChoice(line.id, choice)}
                    />
                  </Fragment>
                ))}
              </Stack>
            </SectionCard>
            <ExchangeSection
              currencyCode={currency}
              choices={exchange}
              errors={placed.exchange}
              onChange={(next) => {
                setPlaced(NONE);
                setExchange(next);
              }}
            />
            <SectionCard title="Fees and note">
              <Stack gap="sm">
                <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="sm">
                  <TextInput
                    label="Return shipping fee"
                    description="The label's cost, taken from the credit."
                    placeholder="0.00"
                    inputMode="decimal"
                    value={shippingFee}
                    onChange={(e) => {
                      setPlaced(NONE);
                      setShippingFee(e.currentTarget.value);
                    }}
                    error={feeCheck.shippingFeeError ?? placed.returnShippingFee}
                    leftSection={<Text size="sm">{currency}</Text>}
                    leftSectionWidth={48}
                  />
                  <TextInput
                    label="Restocking fee"
                    description="Percent of the returned items."
                    placeholder="0"
                    inputMode="numeric"
                    value={percent}
                    onChange={(e) => {
                      setPlaced(NONE);
                      setPercent(e.currentTarget.value);
                    }}
                    error={feeCheck.percentError ?? placed.restockingFeePercent}
                    rightSection={<Text size="sm">%</Text>}
                  />
                </SimpleGrid>
                <Textarea
                  label="Note"
                  description="For staff: shown on the return."
                  autosize
                  minRows={2}
                  maxLength={RETURN_LIMITS.note}
                  value={note}
                  onChange={(e) => setNote(e.currentTarget.value)}
                  error={placed.note}
                />
              </Stack>
            </SectionCard>
          </Stack>
          <Paper
            withBorder
            radius="md"
            p={{ base: 'md', sm: 'lg' }}
            className={classes.summary}
            data-testid="return-summary"
          >
            <Stack gap="xs">
              <Text fw={700}>Settlement when everything arrives</Text>
              <Figure label="Returned items" minor={figures.credit} currency={currency} />
              <Text size="xs" c="dimmed" mt={-6}>
                {`Of which tax ${formatMoney(moneyOf(figures.creditTax, currency))}`}
              </Text>
              {figures.restockingFee > 0 && (
                <Figure label="Restocking fee" minor={figures.restockingFee} currency={currency} negative />
              )}
              {figures.returnShippingFee > 0 && (
                <Figure
                  label="Return shipping fee"
                  minor={figures.returnShippingFee}
                  currency={currency}
                  negative
                />
              )}
              {figures.fees > 0 && figures.fees < figures.restockingFee + figures.returnShippingFee && (
                <Text size="xs" c="dimmed">
                  Fees are capped at the credit: {formatMoney(moneyOf(figures.fees, currency))} taken.
                </Text>
              )}
              {exchange.length > 0 && (
                <>
                  <Figure
                    label={`New items (${exchange.reduce((a, c) => a + c.quantity, 0)})`}
                    minor={figures.newItemsTotal}
                    currency={currency}
                  />
                  <Text size="xs" c="dimmed" mt={-6} data-testid="exchange-tax">
                    {exchangeTaxWords(
                      order.pricesIncludeTax,
                      taxKnown,
                      taxRate,
                      figures.newItemsTax,
                      currency,
                    )}
                  </Text>
                </>
              )}
              <Divider />
              {exchange.length > 0 && figures.difference > 0 ? (
                <Figure
                  label="Customer owes"
                  minor={figures.owed}
                  currency={currency}
                  strong
                  testId="return-difference"
                />
              ) : (
                <Figure
                  label="Refund to customer"
                  minor={figures.refund}
                  currency={currency}
                  strong
                  testId="return-difference"
                />
              )}
              <Text size="xs" c="dimmed">
                {units === 0
                  ? 'Choose items to see what the customer gets back.'
                  : exchange.length > 0 && figures.difference > 0
                    ? `The new items cost ${formatMoney(moneyOf(figures.difference, currency))} more than what comes back: it stays to pay on the order.`
                    : figures.refund < -figures.difference
                      ? `Only ${formatMoney(moneyOf(figures.maximum, currency))} is paid and not yet refunded.`
                      : 'Paid when the return is settled, for the units that arrive. Units refunded before come back without money.'}
              </Text>
            </Stack>
            <NotifyCustomerCheckbox
              email={order.email}
              checked={notify}
              onChange={setNotify}
              what="that the return has started, with what comes back,"
            />
            <Button
              type="submit"
              size="md"
              mt="md"
              fullWidth
              loading={command.running}
              disabled={units === 0}
              data-testid="return-submit"
            >
              {units > 0 ? `Create return of ${units} unit${units === 1 ? '' : 's'}` : 'Create return'}
            </Button>
          </Paper>
        </div>
      </Stack>
    </form>
  );
}
