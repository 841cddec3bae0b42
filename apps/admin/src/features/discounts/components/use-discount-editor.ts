import { generateDiscountCode } from '@stockroom/domain';
import { useMemo, useState } from 'react';
import { useNavigate } from 'react-router';
import { useCommand } from '../../../components/use-command';
import { useLeaveGuard } from '../../../components/use-leave-guard';
import type { DiscountFieldsFragment } from '../../../gql/graphql';
import { useZodForm } from '../../../lib/forms/use-zod-form';
import { useDiscountCreateMutation, useDiscountUpdateMutation } from '../api/discount-save-mutations';
import {
  discountFormSchema,
  discountInput,
  fromDiscount,
  newDiscountValues,
  type DiscountValues,
} from './discount-form';
import { productCount, type TargetLabels } from './discount-targets-field';
import { discountSummary } from './discount-words';

const random = (n: number) => crypto.getRandomValues(new Uint8Array(n));

/** The names of the products and collections the code names, as its page loaded them. */
export function labelsOf(discount: DiscountFieldsFragment | null): TargetLabels {
  const labels: TargetLabels = new Map();
  for (const p of discount?.products ?? []) labels.set(p.id, { title: p.title, detail: null });
  for (const c of discount?.collections ?? [])
    labels.set(c.id, { title: c.title, detail: productCount(c.productCount) });
  return labels;
}

export interface DiscountEditorOptions {
  discount: DiscountFieldsFragment | null;
  currencyCode: string;
  timeZone: string;
  canWrite: boolean;
  /** Loads the code again from the server (after STALE_VERSION); resolves to what is stored now. */
  onReload?: () => Promise<DiscountFieldsFragment | null>;
}

/**
 * The discount editor's state and save (react-admin's useEditController is the model): the form
 * checked by the shared rules, a save that creates or updates (a code saved by someone else since
 * it was loaded is offered to reload instead of overwritten), the names of the chosen targets, and
 * the guard against leaving unsaved changes.
 */
export function useDiscountEditor({
  discount,
  currencyCode,
  timeZone,
  canWrite,
  onReload,
}: DiscountEditorOptions) {
  const navigate = useNavigate();
  const [create] = useDiscountCreateMutation();
  const [update] = useDiscountUpdateMutation();
  const [labels, setLabels] = useState<TargetLabels>(() => labelsOf(discount));
  const [stale, setStale] = useState<string | null>(null);
  const schema = useMemo(() => discountFormSchema(currencyCode, timeZone), [currencyCode, timeZone]);

  const save = useCommand({
    mutate: async (values: DiscountValues) => {
      const input = discountInput(values, timeZone);
      if (!discount) return (await create({ variables: { input } })).data?.discountCreate;
      return (await update({ variables: { id: discount.id, input, version: discount.version } })).data
        ?.discountUpdate;
    },
    success: ({ discount: saved }) =>
      !saved
        ? null
        : discount
          ? { title: 'Discount saved', message: saved.code }
          : { title: `Code ${saved.code} created`, message: discountSummary(saved) },
    onDone: ({ discount: saved }) => {
      if (!saved) return;
      if (discount) {
        setStale(null);
        form.reset(fromDiscount(saved, timeZone));
        return;
      }
      guard.allow();
      void navigate(`/discounts/${saved.id}`, { replace: true });
    },
  });

  const form = useZodForm<DiscountValues>({
    schema,
    defaultValues: discount ? fromDiscount(discount, timeZone) : newDiscountValues(timeZone),
    onSubmit: async (values) => {
      const errors = await save.submit(values);
      // Someone saved the code since it was loaded: offer to reload rather than name a field.
      const staleError = errors.find((e) => e.code === 'STALE_VERSION');
      if (staleError) {
        setStale(staleError.message);
        return [];
      }
      return errors;
    },
  });
  const guard = useLeaveGuard(canWrite && form.formState.isDirty, 'discount');

  const reload = async () => {
    const fresh = await onReload?.();
    if (!fresh) return;
    form.reset(fromDiscount(fresh, timeZone));
    setLabels(labelsOf(fresh));
    setStale(null);
  };

  const generateCode = () =>
    form.setValue('code', generateDiscountCode(random), {
      shouldDirty: true,
      // After a first try, the message under the code goes as soon as it is right.
      shouldValidate: form.formState.isSubmitted,
    });

  return {
    form,
    readOnly: !canWrite,
    kind: form.watch('kind'),
    labels,
    addLabel: (id: string, label: { title: string; detail: string | null }) =>
      setLabels((prev) => new Map(prev).set(id, label)),
    stale,
    setStale,
    reload,
    generateCode,
    guard,
    zoneNote: `In the store's time zone (${timeZone.replace(/_/g, ' ')}). Without an end, the code never ends.`,
  };
}
