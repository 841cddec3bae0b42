import { Alert, Anchor, Button, Group, Modal, Radio, Stack, TagsInput, Text, Textarea } from '@mantine/core';
import { useDebouncedValue, useMediaQuery } from '@mantine/hooks';
import { notifications } from '@mantine/notifications';
import { IconCheck, IconTrash } from '@tabler/icons-react';
import { useEffect, useMemo, useRef, useState } from 'react';
import { Link, useNavigate } from 'react-router';
import { SectionCard } from '../../../components/section-card';
import { useLeaveGuard } from '../../../components/use-leave-guard';
import type { DraftFieldsFragment } from '../../../gql/graphql';
import { describeError } from '../../../lib/errors';
import { formatMoney } from '../../../lib/format';
import { useDraftCalculateMutation } from '../api/draft-calculate-mutation';
import { useDraftCompleteMutation } from '../api/draft-complete-mutation';
import { useDraftDeleteMutation } from '../api/draft-delete-mutation';
import { useDraftCreateMutation, useDraftUpdateMutation } from '../api/draft-save-mutations';
import { DraftAddressCard } from './draft-address-card';
import { DraftCustomerCard } from './draft-customer-card';
import { DraftDiscountCard } from './draft-discount-card';
import {
  draftInput,
  EMPTY_DRAFT,
  fromDraft,
  placeDraftErrors,
  type DraftValues,
  type PlacedDraftErrors,
} from './draft-form';
import { DraftLinesCard } from './draft-lines-card';
import { DraftShippingCard } from './draft-shipping-card';
import { DraftTotalsCard, type Figures } from './draft-totals-card';
import classes from '../../../components/editor-layout.module.css';

const NO_ERRORS: PlacedDraftErrors = { lines: {}, fields: {}, other: [] };
const ADDRESSES = ['shippingAddress', 'billingAddress'] as const;

/** The parts of the addresses that changed between two versions of the values ("shippingAddress.city"). */
function typedParts(before: DraftValues, after: DraftValues): string[] {
  return ADDRESSES.flatMap((key) => {
    const a = before[key];
    const b = after[key];
    // Opening or closing an address is not typing in it.
    if (!a || !b) return [];
    return (Object.keys(b) as (keyof typeof b)[]).filter((k) => a[k] !== b[k]).map((k) => `${key}.${k}`);
  });
}

/**
 * The calculation's messages about the addresses wait until the person has typed in that part (or
 * saves): a form that just opened says nothing yet.
 */
function shownWhileTyping(errors: PlacedDraftErrors, typed: ReadonlySet<string>): PlacedDraftErrors {
  const fields = Object.fromEntries(
    Object.entries(errors.fields).filter(([key]) => {
      const [head, part] = key.split('.');
      if (!ADDRESSES.some((a) => a === head)) return true;
      if (part) return typed.has(key);
      return [...typed].some((t) => t.startsWith(`${head}.`));
    }),
  );
  return { ...errors, fields };
}

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
  const navigate = useNavigate();
  const [values, setValues] = useState<DraftValues>(() => (draft ? fromDraft(draft) : EMPTY_DRAFT));
  const [dirty, setDirty] = useState(false);
  const [saveErrors, setSaveErrors] = useState<PlacedDraftErrors | null>(null);
  const [typed, setTyped] = useState<ReadonlySet<string>>(() => new Set());
  const completed = draft?.status === 'COMPLETED';
  const placed = completed ? (draft?.order ?? null) : null;
  const readOnly = completed || !canWrite;
  const input = useMemo(() => draftInput(values), [values]);
  const [asked] = useDebouncedValue(input, 300);
  const [calculate] = useDraftCalculateMutation();
  const [calc, setCalc] = useState<{ input: unknown; figures: Figures | null; errors: PlacedDraftErrors }>({
    input: null,
    figures: null,
    errors: NO_ERRORS,
  });
  const [create, creating] = useDraftCreateMutation();
  const [update, updating] = useDraftUpdateMutation();
  const [complete, completing] = useDraftCompleteMutation();
  const [remove, removing] = useDraftDeleteMutation();
  const [dialog, setDialog] = useState<'complete' | 'delete' | null>(null);
  const [markAsPaid, setMarkAsPaid] = useState('pending');
  const completeKey = useRef<string | null>(null);
  const guard = useLeaveGuard(canWrite && dirty, 'draft');
  // On a phone the customer comes first (who is calling), then the items; beside them on a wide screen.
  const wide = useMediaQuery('(min-width: 62em)') ?? true;

  useEffect(() => {
    if (readOnly) return;
    let current = true;
    calculate({ variables: { input: asked } })
      .then(({ data }) => {
        if (!current || !data) return;
        const payload = data.draftOrderCalculate;
        setCalc((prev) => ({
          input: asked,
          // A refused calculation keeps the last figures; the errors say what to fix.
          figures: payload.calculated ?? prev.figures,
          errors: placeDraftErrors(payload.userErrors, values.lines),
        }));
      })
      .catch(() => {});
    return () => {
      current = false;
    };
    // values.lines is read for the error keys of these very lines; asked changes with them.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [asked, calculate, readOnly]);

  const stale = calc.input !== input;
  const errors = saveErrors ?? shownWhileTyping(calc.errors, typed);
  const change = (next: DraftValues) => {
    const parts = typedParts(values, next);
    if (parts.length) setTyped((prev) => new Set([...prev, ...parts]));
    setValues(next);
    setDirty(true);
    setSaveErrors(null);
    completeKey.current = null;
  };

  const save = async (): Promise<DraftFieldsFragment | null> => {
    try {
      const { data } = draft
        ? await update({ variables: { id: draft.id, input, version: draft.version } })
        : await create({ variables: { input } });
      const payload = data && ('draftOrderCreate' in data ? data.draftOrderCreate : data.draftOrderUpdate);
      if (!payload?.draftOrder) {
        setSaveErrors(placeDraftErrors(payload?.userErrors ?? [], values.lines));
        return null;
      }
      setDirty(false);
      if (!draft) {
        guard.allow();
        notifications.show({
          color: 'green',
          title: `Draft ${payload.draftOrder.name} saved`,
          message: 'It reserves no stock until you complete it.',
        });
        await navigate(`/drafts/${payload.draftOrder.id}`, { replace: true });
      } else notifications.show({ color: 'green', title: 'Draft saved', message: payload.draftOrder.name });
      return payload.draftOrder;
    } catch (error) {
      setSaveErrors({ ...NO_ERRORS, other: [describeError(error).message] });
      return null;
    }
  };

  const finish = async () => {
    const saved = dirty || !draft ? await save() : draft;
    if (!saved) return setDialog(null);
    completeKey.current ??= crypto.randomUUID();
    try {
      const { data } = await complete({
        variables: { id: saved.id, markAsPaid: markAsPaid === 'paid', idempotencyKey: completeKey.current },
      });
      const payload = data?.draftOrderComplete;
      if (!payload?.order) {
        setSaveErrors(placeDraftErrors(payload?.userErrors ?? [], values.lines));
        setDialog(null);
        return;
      }
      guard.allow();
      notifications.show({
        color: 'green',
        title: `Order ${payload.order.name} placed`,
        message: `From draft ${saved.name}.`,
      });
      await navigate(`/orders/${payload.order.id}`);
    } catch (error) {
      setSaveErrors({ ...NO_ERRORS, other: [describeError(error).message] });
      setDialog(null);
    }
  };

  const destroy = async () => {
    if (!draft) return;
    const { data } = await remove({ variables: { id: draft.id } });
    const problems = data?.draftOrderDelete.userErrors ?? [];
    if (problems.length) {
      setSaveErrors({ ...NO_ERRORS, other: problems.map((p) => p.message) });
      setDialog(null);
      return;
    }
    guard.allow();
    notifications.show({
      color: 'green',
      title: `Draft ${draft.name} deleted`,
      message: 'Nothing was ordered.',
    });
    await navigate('/drafts');
  };

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
                  loading={creating.loading || updating.loading}
                  disabled={draft !== null && !dirty}
                  onClick={() => void save()}
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
          <Group justify="flex-end">
            <Button variant="default" onClick={() => setDialog(null)}>
              Cancel
            </Button>
            <Button
              loading={completing.loading || creating.loading || updating.loading}
              onClick={() => void finish()}
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
            <Button color="red" loading={removing.loading} onClick={() => void destroy()}>
              Delete draft
            </Button>
          </Group>
        </Stack>
      </Modal>
    </Stack>
  );
}
