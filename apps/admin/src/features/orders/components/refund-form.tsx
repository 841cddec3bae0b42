import { Alert, Anchor, Button, Divider, Paper, Stack, Text, TextInput, Textarea } from '@mantine/core';
import { formatMinor } from '@stockroom/domain';
import { Fragment } from 'react';
import { SectionCard } from '../../../components/section-card';
import type { OrderRefundPageQuery } from '../../../gql/graphql';
import { formatMoney } from '../../../lib/format';
import classes from './fulfill-layout.module.css';
import refundClasses from './refund-layout.module.css';
import { RefundLineRow } from './refund-line-row';
import { shippingLeftWords } from './refund-plan';
import { useRefundEditor } from './use-refund-editor';
import { NotifyCustomerCheckbox } from '../../../components/notify-customer-checkbox';
import { MoneyFigure } from '../../../components/money-figure';

type Order = NonNullable<OrderRefundPageQuery['order']>;
type Locations = OrderRefundPageQuery['locations'];

type Editor = ReturnType<typeof useRefundEditor>;

/** Each line: how many come back, and whether and where they go back on a shelf. */
function RefundItemsCard({
  editor,
  order,
  locations,
}: {
  editor: Editor;
  order: Order;
  locations: Locations;
}) {
  const { errors } = editor;
  return (
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
              choice={editor.choices[line.id]!}
              locations={locations}
              error={errors.lines[line.id] ?? null}
              cancelled={order.status === 'CANCELLED'}
              onChange={(choice) => editor.setChoice(line.id, choice)}
            />
          </Fragment>
        ))}
      </Stack>
    </SectionCard>
  );
}

/** Shipping to give back, and why the refund is made. */
function RefundShippingCard({ editor }: { editor: Editor }) {
  const { figures, errors, currency } = editor;
  return (
    <SectionCard title="Shipping and reason">
      <Stack gap="sm">
        {editor.noShipping ? (
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
            value={editor.shipping}
            onChange={(e) => editor.setShipping(e.currentTarget.value)}
            error={errors.shipping}
            leftSection={<Text size="sm">{currency}</Text>}
            leftSectionWidth={48}
          />
        )}
        <Textarea
          label="Reason"
          description="Shown on the order's timeline; the customer's email shows it only if its template uses {{ refund.reason }}."
          autosize
          minRows={2}
          maxLength={500}
          value={editor.reason}
          onChange={(e) => editor.setReason(e.currentTarget.value)}
          error={errors.reason}
        />
        <NotifyCustomerCheckbox
          email={editor.email}
          checked={editor.notify}
          onChange={editor.setNotify}
          what="that the refund is made"
        />
      </Stack>
    </SectionCard>
  );
}

/** The server's figures, the amount to refund and the button. */
function RefundSummary({ editor }: { editor: Editor }) {
  const { figures, errors, currency, amount, amountMinor } = editor;
  return (
    <Paper
      withBorder
      radius="md"
      p={{ base: 'md', sm: 'lg' }}
      className={refundClasses.summary}
      data-testid="refund-summary"
    >
      <Stack gap="xs" style={{ opacity: editor.stale && figures ? 0.6 : 1 }} aria-busy={editor.stale}>
        <Text fw={700}>Summary</Text>
        <MoneyFigure label="Items" money={figures?.subtotal ?? null} />
        {figures && figures.discount.amount !== '0.00' && (
          <MoneyFigure label="Discount" money={figures.discount} negative />
        )}
        <MoneyFigure label="Tax" money={figures?.tax ?? null} />
        <MoneyFigure label="Shipping" money={figures?.shipping ?? null} />
        <Divider />
        <MoneyFigure label="Suggested refund" money={figures?.amount ?? null} strong />
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
              <Anchor component="button" type="button" size="xs" onClick={() => editor.setAmount(null)}>
                Use the suggested amount
              </Anchor>
            ) : (
              'Lower it for a partial refund.'
            )
          }
          inputMode="decimal"
          value={editor.amountText}
          onChange={(e) => editor.setAmount(e.currentTarget.value)}
          error={errors.amount ?? editor.amountProblem}
          leftSection={<Text size="sm">{currency}</Text>}
          leftSectionWidth={48}
        />
        <Button
          type="submit"
          size="md"
          loading={editor.submitting}
          disabled={editor.nothing || Boolean(editor.amountProblem)}
          data-testid="refund-submit"
        >
          {amountMinor
            ? `Refund ${formatMoney({ amount: formatMinor(amountMinor, currency), currencyCode: currency })}`
            : 'Refund'}
        </Button>
        {editor.nothing && (
          <Text size="xs" c="dimmed" data-testid="refund-nothing">
            {editor.nothingChosen
              ? 'Choose items or shipping to refund, or enter an amount.'
              : 'This gives back no money and puts nothing back in stock, so there is nothing to refund.'}
          </Text>
        )}
      </Stack>
    </Paper>
  );
}

/**
 * Lines and quantities, restock, shipping, reason; the server's figures refresh as the person
 * edits (the old ones stay, dimmed, while new ones load) and the amount may be lowered, never raised
 * past what was paid and not yet refunded.
 */
export function RefundForm({ order, locations }: { order: Order; locations: Locations }) {
  const editor = useRefundEditor(order);
  const { errors } = editor;

  return (
    <form
      onSubmit={(event) => {
        event.preventDefault();
        void editor.submit();
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
            <RefundItemsCard editor={editor} order={order} locations={locations} />
            <RefundShippingCard editor={editor} />
          </Stack>
          <RefundSummary editor={editor} />
        </div>
      </Stack>
    </form>
  );
}
