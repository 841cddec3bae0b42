import { Alert, Anchor, Button, Group, Modal, Radio, Stack, TagsInput, Text, Textarea } from '@mantine/core';
import { NotifyCustomerCheckbox } from '../../../components/notify-customer-checkbox';
import { useMediaQuery } from '@mantine/hooks';
import { IconCheck, IconTrash } from '@tabler/icons-react';
import { Link } from 'react-router';
import { SectionCard } from '../../../components/section-card';
import type { DraftFieldsFragment } from '../../../gql/graphql';
import { formatMoney } from '../../../lib/format';
import { DraftAddressCard } from './draft-address-card';
import { DraftCustomerCard } from './draft-customer-card';
import { DraftDiscountCard } from './draft-discount-card';
import { DraftLinesCard } from './draft-lines-card';
import { DraftShippingCard } from './draft-shipping-card';
import { DraftTotalsCard, type Figures } from './draft-totals-card';
import { useDraftEditor } from './use-draft-editor';
import classes from '../../../components/editor-layout.module.css';

type PlacedOrder = NonNullable<DraftFieldsFragment['order']>;

/** A completed draft's figures are its order's, as placed. */
function placedFigures(order: PlacedOrder, discountCode: string | null | undefined): Figures {
  return {
    subtotal: order.subtotal,
    discountTotal: order.discountTotal,
    shippingTotal: order.shippingTotal,
    taxTotal: order.taxTotal,
    total: order.total,
    itemsCount: order.itemsCount,
    pricesIncludeTax: order.pricesIncludeTax,
    taxRate: null,
    taxName: null,
    lines: order.lines.map((l) => ({
      unitPrice: l.unitPrice,
      subtotal: l.subtotal,
      discount: l.discount,
      total: l.total,
    })),
    discount:
      order.discountCode || discountCode
        ? {
            code: order.discountCode ?? discountCode ?? '',
            applied: Boolean(order.discountCode),
            message: null,
          }
        : null,
    availableShippingRates: [],
  };
}

/**
 * The draft editor a support person uses with a customer on the phone: customer, items, addresses,
 * shipping; totals from the server as they type; save, then complete into an order.
 */
export function DraftEditor({
  draft,
  canWrite,
  canCreateCustomer,
}: {
  draft: DraftFieldsFragment | null;
  canWrite: boolean;
  canCreateCustomer: boolean;
}) {
  const completed = draft?.status === 'COMPLETED';
  const placed = completed ? (draft?.order ?? null) : null;
  const readOnly = completed || !canWrite;
  const editor = useDraftEditor(draft, readOnly, canWrite);
  const { values, change, errors, saveErrors, calc, guard, dialog, setDialog, markAsPaid, setMarkAsPaid } =
    editor;
  const stale = calc.stale;
  // On a phone the customer comes first (who is calling), then the items; beside them on a wide screen.
  const wide = useMediaQuery('(min-width: 62em)') ?? true;

  const customerCard = (
    <DraftCustomerCard
      values={values}
      onChange={change}
      errors={errors.fields}
      readOnly={readOnly}
      canCreate={canCreateCustomer}
    />
  );
  // A completed draft shows what its order was placed for; an open one the server's calculation.
  const figures = placed ? placedFigures(placed, draft?.discountCode) : calc.figures;
  const lineFigures = values.lines.map((_l, i) => figures?.lines[i] ?? null);
  const canComplete = !readOnly && values.lines.length > 0;

  return (
    <Stack gap="lg">
      {guard.dialog}
      {completed && draft?.order && (
        <Alert color="green" variant="light" title="Completed">
          This draft became order{' '}
          <Anchor component={Link} to={`/orders/${draft.order.id}`}>
            {draft.order.name}
          </Anchor>
          . It can't change any more.
        </Alert>
      )}
      {errors.other.length > 0 && (
        <Alert color="red" variant="light" title="Not done" role="alert">
          {errors.other.join(' ')}
        </Alert>
      )}
      <div className={classes.grid}>
        <Stack gap="lg">
          {!wide && customerCard}
          <DraftLinesCard
            values={values}
            onChange={change}
            lineFigures={lineFigures}
            lineErrors={errors.lines}
            readOnly={readOnly}
            error={errors.fields['lines'] ?? null}
          />
          <DraftShippingCard
            values={values}
            onChange={change}
            rates={figures?.availableShippingRates ?? []}
            error={errors.fields['shipping'] ?? null}
            readOnly={readOnly}
            placed={placed ? { line: placed.shippingLine ?? null } : null}
            hasAddress={Boolean(
              values.shippingAddress?.countryCode &&
              values.shippingAddress.line1.trim() &&
              values.shippingAddress.city.trim(),
            )}
          />
          <DraftAddressCard values={values} onChange={change} errors={errors.fields} readOnly={readOnly} />
        </Stack>
        <Stack gap="lg" className={classes.side}>
          {/* On a phone it is the first card of the column above. */}
          {wide && customerCard}
          <DraftDiscountCard
            values={values}
            onChange={change}
            discount={figures?.discount ?? null}
            discountTotal={figures?.discountTotal ?? null}
            stale={stale && !placed}
            error={saveErrors?.fields['discountCode'] ?? null}
            readOnly={readOnly}
          />
          <DraftTotalsCard figures={completed && !placed ? null : figures} stale={stale && !readOnly}>
            {placed && (
              <Text size="sm" mt="xs" data-testid="draft-placed">
                As placed on order{' '}
                <Anchor component={Link} to={`/orders/${placed.id}`} inherit>
                  {placed.name}
                </Anchor>
                .
              </Text>
            )}
            {completed && !placed && draft && (
              <Text size="sm" mt="xs">
                Placed for {formatMoney(draft.total)}.
              </Text>
            )}
            {!readOnly && (
              <Stack gap="xs" mt="md">
                <Button
                  size="md"
                  leftSection={<IconCheck size={18} aria-hidden />}
                  disabled={!canComplete}
                  onClick={() => setDialog('complete')}
                  data-testid="draft-complete"
                >
                  Complete order
                </Button>
                <Button
                  variant="default"
                  loading={editor.saving}
                  disabled={draft !== null && !editor.dirty}
                  onClick={() => void editor.save()}
                  data-testid="draft-save"
                >
                  {draft ? 'Save draft' : 'Save as draft'}
                </Button>
              </Stack>
            )}
          </DraftTotalsCard>
          <SectionCard title="Note and tags">
            <Stack gap="sm">
              <Textarea
                label="Note"
                description="Kept on the order."
                autosize
                minRows={2}
                value={values.note}
                readOnly={readOnly}
                onChange={(e) => change({ ...values, note: e.currentTarget.value })}
                error={errors.fields['note']}
              />
              <TagsInput
                label="Tags"
                value={values.tags}
                readOnly={readOnly}
                onChange={(tags) => change({ ...values, tags })}
                error={errors.fields['tags']}
              />
            </Stack>
          </SectionCard>
          {draft && !readOnly && (
            <Group justify="flex-end">
              <Button
                variant="subtle"
                color="red"
                leftSection={<IconTrash size={16} aria-hidden />}
                onClick={() => setDialog('delete')}
              >
                Delete draft
              </Button>
            </Group>
          )}
        </Stack>
      </div>
      <Modal opened={dialog === 'complete'} onClose={() => setDialog(null)} title="Complete order">
        <Stack gap="md">
          <Text size="sm">
            Prices are checked again and frozen, and stock is reserved for the order
            {figures ? `: ${formatMoney(figures.total)}` : ''}.
          </Text>
          <Radio.Group label="Payment" value={markAsPaid} onChange={setMarkAsPaid}>
            <Stack gap="xs" mt={4}>
              <Radio value="pending" label="Payment pending (send an invoice, collect later)" />
              <Radio value="paid" label="Mark as paid (cash, card on the phone, bank transfer received)" />
            </Stack>
          </Radio.Group>
          <NotifyCustomerCheckbox
            email={editor.orderEmail}
            checked={editor.notify}
            onChange={editor.setNotify}
            what="the order confirmation"
          />
          <Group justify="flex-end">
            <Button variant="default" onClick={() => setDialog(null)}>
              Cancel
            </Button>
            <Button
              loading={editor.completing || editor.saving}
              onClick={() => void editor.finish()}
              data-testid="draft-complete-confirm"
            >
              Complete order
            </Button>
          </Group>
        </Stack>
      </Modal>
      <Modal opened={dialog === 'delete'} onClose={() => setDialog(null)} title="Delete draft">
        <Stack gap="md">
          <Text size="sm">
            The draft {draft?.name} is deleted. Nothing was ordered, so nothing else changes.
          </Text>
          <Group justify="flex-end">
            <Button variant="default" onClick={() => setDialog(null)}>
              Keep draft
            </Button>
            <Button color="red" loading={editor.removing} onClick={() => void editor.destroy()}>
              Delete draft
            </Button>
          </Group>
        </Stack>
      </Modal>
    </Stack>
  );
}
