import { useDebouncedValue } from '@mantine/hooks';
import { useEffect, useMemo, useRef, useState } from 'react';
import { useNavigate } from 'react-router';
import { useCommand } from '../../../components/use-command';
import { useLeaveGuard } from '../../../components/use-leave-guard';
import type { DraftFieldsFragment, DraftOrderInput } from '../../../gql/graphql';
import type { PlaceableUserError } from '../../../lib/forms/place-user-errors';
import { useDraftCalculateMutation } from '../api/draft-calculate-mutation';
import { useDraftCompleteMutation } from '../api/draft-complete-mutation';
import { useDraftDeleteMutation } from '../api/draft-delete-mutation';
import { useDraftCreateMutation, useDraftUpdateMutation } from '../api/draft-save-mutations';
import {
  draftInput,
  EMPTY_DRAFT,
  fromDraft,
  placeDraftErrors,
  type DraftLineValues,
  type DraftValues,
  type PlacedDraftErrors,
} from './draft-form';
import type { Figures } from './draft-totals-card';

export const NO_ERRORS: PlacedDraftErrors = { lines: {}, fields: {}, other: [] };
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

/** The server's totals as the person types: asked for 300 ms after the last change. */
function useDraftCalculation(values: DraftValues, readOnly: boolean) {
  // The lines go with the input they were sent in: the errors name lines by their index in it.
  const sent = useMemo(() => ({ input: draftInput(values), lines: values.lines }), [values]);
  const [asked] = useDebouncedValue(sent, 300);
  const [calculate] = useDraftCalculateMutation();
  const [calc, setCalc] = useState<{ input: unknown; figures: Figures | null; errors: PlacedDraftErrors }>({
    input: null,
    figures: null,
    errors: NO_ERRORS,
  });
  useEffect(() => {
    if (readOnly) return;
    let current = true;
    calculate({ variables: { input: asked.input } })
      .then(({ data }) => {
        if (!current || !data) return;
        const payload = data.draftOrderCalculate;
        setCalc((prev) => ({
          input: asked.input,
          // A refused calculation keeps the last figures; the errors say what to fix.
          figures: payload.calculated ?? prev.figures,
          errors: placeDraftErrors(payload.userErrors, asked.lines),
        }));
      })
      .catch(() => {});
    return () => {
      current = false;
    };
  }, [asked, calculate, readOnly]);
  return { ...calc, input: sent.input, stale: calc.input !== sent.input };
}

/**
 * The draft editor's state and commands (react-admin's useEditController is the model): the
 * values, the server's calculation, and save, complete and delete with what each says.
 */
export function useDraftEditor(draft: DraftFieldsFragment | null, readOnly: boolean, canWrite: boolean) {
  const navigate = useNavigate();
  const [values, setValues] = useState<DraftValues>(() => (draft ? fromDraft(draft) : EMPTY_DRAFT));
  const [dirty, setDirty] = useState(false);
  const [saveErrors, setSaveErrors] = useState<PlacedDraftErrors | null>(null);
  const [typed, setTyped] = useState<ReadonlySet<string>>(() => new Set());
  const calc = useDraftCalculation(values, readOnly);
  const input = calc.input;
  const [create, creating] = useDraftCreateMutation();
  const [update, updating] = useDraftUpdateMutation();
  const [complete, completing] = useDraftCompleteMutation();
  const [remove, removing] = useDraftDeleteMutation();
  const [dialog, setDialog] = useState<'complete' | 'delete' | null>(null);
  const [markAsPaid, setMarkAsPaid] = useState('pending');
  const [notify, setNotify] = useState(true);
  const completeKey = useRef<string | null>(null);
  const guard = useLeaveGuard(canWrite && dirty, 'draft');

  const errors = saveErrors ?? shownWhileTyping(calc.errors, typed);
  const change = (next: DraftValues) => {
    const parts = typedParts(values, next);
    if (parts.length) setTyped((prev) => new Set([...prev, ...parts]));
    setValues(next);
    setDirty(true);
    setSaveErrors(null);
    completeKey.current = null;
  };
  /** A refusal or failure goes above the form, and the dialog it came from closes. */
  const refused = (messages: string[]) => {
    setSaveErrors({ ...NO_ERRORS, other: messages });
    setDialog(null);
  };
  /** A refusal goes next to the lines (as they were sent) and fields it names; a failure above the form. */
  const placeFailure = (
    messages: string[],
    userErrors: readonly PlaceableUserError[],
    lines: readonly DraftLineValues[],
  ) =>
    setSaveErrors(
      userErrors.length ? placeDraftErrors(userErrors, lines) : { ...NO_ERRORS, other: messages },
    );

  const saveDraft = useCommand({
    mutate: async ({ input }: { input: DraftOrderInput; lines: readonly DraftLineValues[] }) => {
      const { data } = draft
        ? await update({ variables: { id: draft.id, input, version: draft.version } })
        : await create({ variables: { input } });
      return data && ('draftOrderCreate' in data ? data.draftOrderCreate : data.draftOrderUpdate);
    },
    success: ({ draftOrder }) =>
      draftOrder &&
      (draft
        ? { title: 'Draft saved', message: draftOrder.name }
        : {
            title: `Draft ${draftOrder.name} saved`,
            message: 'It reserves no stock until you complete it.',
          }),
    onFailed: (messages, userErrors, { lines }) => placeFailure(messages, userErrors, lines),
    onDone: ({ draftOrder }) => {
      if (!draftOrder) return;
      setDirty(false);
      if (!draft) guard.allow();
    },
  });
  const save = async (): Promise<DraftFieldsFragment | null> => {
    const saved = (await saveDraft.run({ input, lines: values.lines }))?.draftOrder ?? null;
    if (saved && !draft) await navigate(`/drafts/${saved.id}`, { replace: true });
    return saved;
  };

  const orderEmail = values.email.trim() || values.customer?.email || null;
  const completeDraft = useCommand({
    mutate: async ({
      id,
      key,
    }: {
      id: string;
      name: string;
      key: string;
      lines: readonly DraftLineValues[];
    }) =>
      (
        await complete({
          variables: {
            id,
            markAsPaid: markAsPaid === 'paid',
            idempotencyKey: key,
            notifyCustomer: notify && Boolean(orderEmail),
          },
        })
      ).data?.draftOrderComplete,
    success: ({ order }, { name }) =>
      order && { title: `Order ${order.name} placed`, message: `From draft ${name}.` },
    onFailed: (messages, userErrors, { lines }) => {
      placeFailure(messages, userErrors, lines);
      setDialog(null);
    },
    onDone: ({ order }) => {
      if (order) guard.allow();
    },
  });
  const finish = async () => {
    const saved = dirty || !draft ? await save() : draft;
    if (!saved) return setDialog(null);
    completeKey.current ??= crypto.randomUUID();
    const payload = await completeDraft.run({
      id: saved.id,
      name: saved.name,
      key: completeKey.current,
      lines: values.lines,
    });
    if (payload?.order) await navigate(`/orders/${payload.order.id}`);
  };

  const destroy = useCommand({
    mutate: async (id: string) => (await remove({ variables: { id } })).data?.draftOrderDelete,
    success: () => ({ title: `Draft ${draft?.name ?? ''} deleted`, message: 'Nothing was ordered.' }),
    onFailed: refused,
    onDone: () => {
      guard.allow();
      void navigate('/drafts');
    },
  });

  return {
    values,
    change,
    dirty,
    errors,
    saveErrors,
    calc,
    guard,
    dialog,
    setDialog,
    markAsPaid,
    setMarkAsPaid,
    /** The order's email (typed, else the customer's), and whether it gets the order confirmation. */
    orderEmail,
    notify,
    setNotify,
    save,
    finish,
    destroy: () => (draft ? destroy.run(draft.id) : Promise.resolve(null)),
    saving: creating.loading || updating.loading,
    completing: completing.loading,
    removing: removing.loading,
  };
}
