import { Button, Divider, Group, Paper, Stack, Text } from '@mantine/core';
import type { ReturnSettlementFigures } from '@stockroom/domain';
import { NotifyCustomerCheckbox } from '../../../components/notify-customer-checkbox';
import { formatMoney } from '../../../lib/format';
import classes from './return-layout.module.css';
import { moneyOf } from './return-plan';

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

/**
 * The create-return page's side panel: the settlement as it would be if every chosen unit came
 * back (credit, fees, new items of an exchange, what goes back or is owed), Notify customer and the
 * submit button.
 */
export function ReturnCreateSummary({
  order,
  figures,
  units,
  exchange,
  taxKnown,
  taxRate,
  notify,
  onNotify,
  running,
}: {
  order: { currencyCode: string; pricesIncludeTax: boolean; email?: string | null };
  figures: ReturnSettlementFigures;
  /** Units chosen to come back. */
  units: number;
  /** The exchange's new items, none without an exchange. */
  exchange: readonly { quantity: number }[];
  /** Whether the new items' tax rate is known (an address and its rate loaded). */
  taxKnown: boolean;
  taxRate: string | null;
  notify: boolean;
  onNotify: (notify: boolean) => void;
  running: boolean;
}) {
  const currency = order.currencyCode;
  return (
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
              {exchangeTaxWords(order.pricesIncludeTax, taxKnown, taxRate, figures.newItemsTax, currency)}
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
        onChange={onNotify}
        what="that the return has started, with what comes back,"
      />
      <Button
        type="submit"
        size="md"
        mt="md"
        fullWidth
        loading={running}
        disabled={units === 0}
        data-testid="return-submit"
      >
        {units > 0 ? `Create return of ${units} unit${units === 1 ? '' : 's'}` : 'Create return'}
      </Button>
    </Paper>
  );
}
