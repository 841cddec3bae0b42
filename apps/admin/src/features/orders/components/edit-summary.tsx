import { Alert, Anchor, Button, Checkbox, Divider, Paper, Stack, Text, Textarea } from '@mantine/core';
import { Link } from 'react-router';
import { formatMoney } from '../../../lib/format';
import { paymentDelta, stockChangeWords } from './edit-plan';
import classes from './edit-layout.module.css';
import type { OrderEditor } from './use-order-edit';
import { MoneyFigure } from '../../../components/money-figure';

/** What the money does: the customer owes (collect it on the order), a refund is suggested, or nothing. */
function PaymentDeltaNote({ editor }: { editor: OrderEditor }) {
  const { figures, order } = editor;
  if (!figures) return null;
  const delta = paymentDelta(figures);
  const link = (words: string) => (
    <Anchor
      component={Link}
      to={delta.kind === 'refund' ? `/orders/${order.id}/refund` : `/orders/${order.id}`}
      size="sm"
    >
      {words}
    </Anchor>
  );
  return (
    <Alert
      color={delta.kind === 'owes' ? 'yellow' : delta.kind === 'refund' ? 'blue' : 'gray'}
      variant="light"
      p="sm"
      data-testid="edit-payment-delta"
    >
      <Text size="sm" fw={600}>
        {delta.words}
      </Text>
      {delta.kind === 'owes' && (
        <Text size="sm">
          — {link('collect it on the order')} once it is updated
          {figures.totalCapturable.amount !== '0.00'
            ? `; ${formatMoney(figures.totalCapturable)} of it is authorized and can be captured.`
            : '.'}
        </Text>
      )}
      {delta.kind === 'refund' && (
        <Text size="sm">
          — {link('refund it on the order')} once it is updated; nothing is refunded by the edit.
        </Text>
      )}
    </Alert>
  );
}

/**
 * The server's figures for the edit as it stands (the old ones stay, dimmed, while new ones load),
 * what it does to stock and money, then the reason and Update order.
 */
export function EditSummary({ editor }: { editor: OrderEditor }) {
  const { figures, errors, order } = editor;
  return (
    <Paper
      withBorder
      radius="md"
      p={{ base: 'md', sm: 'lg' }}
      className={classes.summary}
      data-testid="edit-summary"
    >
      <Stack
        gap="xs"
        style={{ opacity: editor.loadingFigures && figures ? 0.6 : 1 }}
        aria-busy={editor.loadingFigures}
      >
        <Text fw={700}>Summary</Text>
        {editor.figuresError && !figures ? (
          <Stack gap={6}>
            <Text size="sm" c="var(--mantine-color-error)" role="alert">
              {editor.figuresError}
            </Text>
            <Button
              variant="default"
              size="xs"
              style={{ alignSelf: 'flex-start' }}
              onClick={editor.retryFigures}
            >
              Retry
            </Button>
          </Stack>
        ) : (
          <>
            <MoneyFigure label="Subtotal" money={figures?.subtotal ?? null} />
            {figures && figures.discountTotal.amount !== '0.00' && (
              <MoneyFigure
                label={figures.discountCode ? `Discount (${figures.discountCode})` : 'Discount'}
                money={figures.discountTotal}
                negative
              />
            )}
            <MoneyFigure
              label={figures?.shippingLine ? `Shipping (${figures.shippingLine.name})` : 'Shipping'}
              money={figures?.shippingTotal ?? null}
            />
            <MoneyFigure label="Tax" money={figures?.taxTotal ?? null} />
            <Divider />
            <MoneyFigure label="New total" money={figures?.total ?? null} strong />
            <MoneyFigure label="Was" money={figures?.previousTotal ?? order.total} />
            <MoneyFigure label="Paid" money={figures?.totalPaid ?? null} />
            {figures && figures.totalCapturable.amount !== '0.00' && (
              <MoneyFigure label="Authorized, not captured" money={figures.totalCapturable} />
            )}
            {!figures && (
              <Text size="xs" c="dimmed" data-testid="edit-figures-note">
                {editor.changed
                  ? 'Working out the figures…'
                  : 'Change an item, the shipping or the code to see the new figures.'}
              </Text>
            )}
          </>
        )}
        {figures && figures.stockChanges.length > 0 && (
          <Stack gap={2} data-testid="edit-stock-changes">
            <Text size="sm" fw={600} mt="xs">
              Stock
            </Text>
            {figures.stockChanges.map((c) => (
              <Text size="sm" key={`${c.title}:${c.location.id}`}>
                {stockChangeWords(c)}
              </Text>
            ))}
          </Stack>
        )}
        <PaymentDeltaNote editor={editor} />
      </Stack>
      <Stack gap="sm" mt="md">
        <Textarea
          label="Reason"
          description="Shown on the order's timeline."
          required
          autosize
          minRows={2}
          maxLength={500}
          value={editor.reason}
          onChange={(e) => editor.setReason(e.currentTarget.value)}
          error={errors.reason}
        />
        {order.email && (
          <Checkbox
            label="Notify customer"
            description={`Email the updated order to ${order.email}.`}
            checked={editor.notify}
            onChange={(e) => editor.setNotify(e.currentTarget.checked)}
          />
        )}
        <Button
          type="submit"
          size="md"
          loading={editor.submitting}
          disabled={!editor.canSubmit}
          data-testid="edit-submit"
        >
          Update order
        </Button>
        {!editor.canSubmit && (
          <Text size="xs" c="dimmed" data-testid="edit-submit-hint">
            {editor.changed
              ? 'Give a reason to update the order.'
              : 'Change an item, the shipping or the code first.'}
          </Text>
        )}
      </Stack>
    </Paper>
  );
}
