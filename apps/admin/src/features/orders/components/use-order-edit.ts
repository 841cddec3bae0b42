import { useDebouncedValue } from '@mantine/hooks';
import { useMemo, useRef, useState, type SetStateAction } from 'react';
import { useNavigate } from 'react-router';
import { useCommand } from '../../../components/use-command';
import type { OrderEditInput, OrderEditPageQuery } from '../../../gql/graphql';
import { describeError } from '../../../lib/errors';
import { newIdempotencyKey } from '../../../lib/idempotency-key';
import { useOrderEditCalculateQuery } from '../api/order-edit-calculate-query';
import { useOrderEditMutation } from '../api/order-edit-mutation';
import {
  buildChanges,
  hasChanges,
  initialEditState,
  noEditErrors,
  placeEditErrors,
  type AddedCustomItem,
  type AddedVariant,
  type EditShipping,
  type EditState,
  type PlacedEditErrors,
  type PriceOverride,
} from './edit-plan';

type Order = NonNullable<OrderEditPageQuery['order']>;

/**
 * The edit page's state and submit (the refund editor is the model): quantities, prices, added
 * items, shipping and code; the server's calculation asked again 300 ms after the last change (the
 * old figures stay, marked stale, while new ones load); and the edit itself, at the version the page
 * read, with one idempotency key for the page's life so a retried submit edits once.
 */
export function useOrderEdit(order: Order, onStale: () => void) {
  const navigate = useNavigate();
  const [edit] = useOrderEditMutation();
  const [state, setState] = useState<EditState>(() => initialEditState(order.lines, order.discountCode));
  const [reason, setReasonText] = useState('');
  const [notify, setNotify] = useState(false);
  const [submitted, setSubmitted] = useState<PlacedEditErrors | null>(null);
  const [stale, setStale] = useState<string | null>(null);
  const key = useRef<string>(newIdempotencyKey());
  const nextKey = useRef(0);

  const built = useMemo(
    () => buildChanges(order.lines, state, { discountCode: order.discountCode }),
    [order.lines, order.discountCode, state],
  );
  const [asked] = useDebouncedValue(built, 300);
  const askedSomething = hasChanges(asked.changes);
  const calculation = useOrderEditCalculateQuery(order.id, asked.changes, !askedSomething);
  // Until something changes there is nothing to work out (and no figures from before to show).
  const payload = askedSomething
    ? ((calculation.data ?? calculation.previousData)?.orderEditCalculate ?? null)
    : null;
  const figures = payload?.calculation ?? null;
  const loadingFigures = hasChanges(built.changes) && (calculation.loading || asked !== built);
  const errors: PlacedEditErrors =
    submitted ?? (asked === built && payload ? placeEditErrors(payload.userErrors, asked) : noEditErrors());

  /** Every change takes back what the last submit was told: the figures speak again. */
  const change = (next: SetStateAction<EditState>) => {
    setSubmitted(null);
    setState(next);
  };
  const patch = (part: Partial<EditState>) => change((prev) => ({ ...prev, ...part }));

  const command = useCommand({
    mutate: async (input: OrderEditInput) => (await edit({ variables: { input } })).data?.orderEdit,
    success: () => ({ title: 'Order updated', message: `${order.name} is edited.` }),
    onDone: () => void navigate(`/orders/${order.id}`),
  });

  const submit = async () => {
    const sent = built;
    try {
      const userErrors = await command.submit({
        orderId: order.id,
        expectedVersion: order.version,
        changes: sent.changes,
        reason: reason.trim(),
        notifyCustomer: notify && Boolean(order.email),
        idempotencyKey: key.current,
      });
      const staleError = userErrors.find((e) => e.code === 'STALE_VERSION');
      if (staleError) setStale(staleError.message);
      else if (userErrors.length) setSubmitted(placeEditErrors(userErrors, sent));
    } catch (error) {
      setSubmitted({ ...noEditErrors(), other: [describeError(error).message] });
    }
  };

  const changed = hasChanges(built.changes);
  return {
    order,
    state,
    currency: order.currencyCode,
    setQuantity: (lineId: string, quantity: number) =>
      change((prev) => ({ ...prev, quantities: { ...prev.quantities, [lineId]: quantity } })),
    setPrice: (lineId: string, price: PriceOverride | null) =>
      change((prev) => {
        const prices = { ...prev.prices };
        if (price) prices[lineId] = price;
        else delete prices[lineId];
        return { ...prev, prices };
      }),
    addVariant: (variant: Omit<AddedVariant, 'key' | 'quantity'>) =>
      change((prev) => {
        const same = prev.added.find((a) => a.variantId === variant.variantId);
        if (same)
          return {
            ...prev,
            added: prev.added.map((a) => (a === same ? { ...a, quantity: a.quantity + 1 } : a)),
          };
        return { ...prev, added: [...prev.added, { ...variant, key: `a${nextKey.current++}`, quantity: 1 }] };
      }),
    setAdded: (key: string, quantity: number) =>
      change((prev) => ({
        ...prev,
        added: prev.added.flatMap((a) => (a.key !== key ? [a] : quantity > 0 ? [{ ...a, quantity }] : [])),
      })),
    addCustom: (item: Omit<AddedCustomItem, 'key'>) =>
      change((prev) => ({ ...prev, custom: [...prev.custom, { ...item, key: `c${nextKey.current++}` }] })),
    setCustomQuantity: (key: string, quantity: number) =>
      change((prev) => ({
        ...prev,
        custom: prev.custom.map((c) => (c.key === key ? { ...c, quantity } : c)),
      })),
    removeCustom: (key: string) =>
      change((prev) => ({ ...prev, custom: prev.custom.filter((c) => c.key !== key) })),
    setShipping: (shipping: EditShipping) => patch({ shipping }),
    setDiscountCode: (discountCode: string) => patch({ discountCode, minimumOverrideReason: '' }),
    setMinimumOverrideReason: (minimumOverrideReason: string) => patch({ minimumOverrideReason }),
    reason,
    setReason: (value: string) => {
      setSubmitted(null);
      setReasonText(value);
    },
    notify,
    setNotify,
    figures,
    loadingFigures,
    /** The calculation could not be asked at all (network, session): said in the panel. */
    figuresError: calculation.error ? describeError(calculation.error).message : null,
    retryFigures: () => void calculation.refetch(),
    errors,
    changed,
    canSubmit: changed && reason.trim().length > 0,
    submit,
    submitting: command.running,
    /** The order changed since the page read it: the message, and reload to start again. */
    stale,
    reload: () => {
      setStale(null);
      onStale();
    },
  };
}

export type OrderEditor = ReturnType<typeof useOrderEdit>;
