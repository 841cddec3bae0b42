import type { WeightUnit } from '@stockroom/domain';
import { notifications } from '@mantine/notifications';
import { useState } from 'react';
import { useForm, useFormState, useWatch, type Path } from 'react-hook-form';
import type { ProductFieldsFragment } from '../../../gql/graphql';
import { useCommand } from '../../../components/use-command';
import { describeError } from '../../../lib/errors';
import { placeUserErrors, type PlaceableUserError } from '../../../lib/forms/place-user-errors';
import { zodFormResolver } from '../../../lib/forms/use-zod-form';
import { useProductCreateMutation } from '../api/product-create-mutation';
import { uploadProductMedia } from '../api/product-media-upload';
import { useProductUpdateMutation } from '../api/product-update-mutation';
import { productFormSchema, productUserErrors } from './product-form-schema';
import { changedPaths, flatErrors } from './product-form-state';
import { mergeEdits } from './product-form-merge';
import {
  emptyProductValues,
  productToValues,
  sameValues,
  valuesToInput,
  type ProductFormValues,
} from './product-form-values';

interface Options {
  product: ProductFieldsFragment | null;
  currencyCode: string;
  /** The store's weight unit: weights are typed and shown in it, sent in grams. */
  weightUnit: WeightUnit;
  /** Loads the product again from the server (STALE_VERSION → "Reload their version"). */
  reload: () => Promise<ProductFieldsFragment | null>;
  /** After the first save of a new product. */
  onCreated: (id: string) => void;
}

/**
 * The product editor's state: a react-hook-form form checked by the shared product rules, its values
 * against the loaded version, saving, and stale-version handling.
 */
export function useProductEditor({ product, currencyCode, weightUnit, reload, onCreated }: Options) {
  const initial = product ? productToValues(product, weightUnit) : emptyProductValues();
  const form = useForm<ProductFormValues>({
    defaultValues: initial,
    resolver: zodFormResolver<ProductFormValues>(productFormSchema(currencyCode, weightUnit)),
    mode: 'onSubmit',
    reValidateMode: 'onChange',
  });
  const values = useWatch({ control: form.control }) as ProductFormValues;
  const errors = flatErrors(useFormState({ control: form.control }).errors);
  const [baseline, setBaseline] = useState<ProductFormValues>(initial);
  const [version, setVersion] = useState<number | null>(product?.version ?? null);
  const [banner, setBanner] = useState<string[]>([]);
  const [stale, setStale] = useState(false);
  const [mine, setMine] = useState<ProductFormValues | null>(null);
  const [reloading, setReloading] = useState(false);
  const [pending, setPending] = useState<File[]>([]);
  const [create, createState] = useProductCreateMutation();
  const [update, updateState] = useProductUpdateMutation();
  const dirty = !sameValues(values, baseline) || (!product && pending.length > 0);
  const saving = createState.loading || updateState.loading;
  /** Puts these values in the form, its messages gone (a loaded, saved or discarded version). */
  const setValues = (next: ProductFormValues) => form.reset(next);

  // The server's copy changed (a refetch, or our own media change bumped the version).
  const [seen, setSeen] = useState(product);
  if (product && seen !== product) {
    setSeen(product);
    const server = productToValues(product, weightUnit);
    if (sameValues(server, baseline)) {
      setVersion(product.version);
    } else if (!dirty) {
      setBaseline(server);
      setValues(server);
      setVersion(product.version);
    }
    // Otherwise someone else changed it while the person edits: keep the old version, so saving says STALE_VERSION.
  }

  const change = (next: Partial<ProductFormValues>) => {
    const before = form.getValues();
    for (const key of Object.keys(next) as (keyof ProductFormValues)[])
      form.setValue(key, next[key] as ProductFormValues[typeof key], { shouldDirty: true });
    // After a save was tried, each touched input's message follows the typing; the others stay.
    if (!form.formState.isSubmitted) return;
    const touched = changedPaths(before, { ...before, ...next });
    if (touched.length) void form.trigger(touched as Path<ProductFormValues>[]);
  };

  const discard = () => {
    setValues(baseline);
    setBanner([]);
    setMine(null);
    setPending([]);
  };

  const applyErrors = (userErrors: readonly PlaceableUserError[]) => {
    const placed = placeUserErrors(
      form.getValues(),
      productUserErrors(userErrors.filter((e) => e.code !== 'STALE_VERSION')),
      [],
    );
    for (const [path, error] of placed.fields)
      form.setError(path as Path<ProductFormValues>, { type: error.code, message: error.message });
    setBanner(placed.form);
    setStale(userErrors.some((e) => e.code === 'STALE_VERSION'));
  };

  const createCommand = useCommand({
    mutate: async (values: ProductFormValues) => {
      const { data } = await create({ variables: { input: valuesToInput(values, null, weightUnit) } });
      const payload = data?.productCreate;
      // The images chosen before the first save go up once the product exists, before "created" is said.
      if (payload?.product && !payload.userErrors.length && pending.length) {
        const outcome = await uploadProductMedia(payload.product.id, pending);
        if (outcome.errors.length)
          notifications.show({
            color: 'red',
            title: 'Some images were not uploaded',
            message: outcome.errors.join(' '),
          });
      }
      return payload;
    },
    success: ({ product: created }) =>
      created && { title: 'Product created', message: `${created.title} was saved.` },
    onDone: ({ product: created }) => created && onCreated(created.id),
  });

  const updateCommand = useCommand({
    mutate: async ({ id, values }: { id: string; values: ProductFormValues }) =>
      (await update({ variables: { id, input: valuesToInput(values, version, weightUnit) } })).data
        ?.productUpdate,
    success: ({ product: saved }) =>
      saved && { title: 'Product saved', message: `${saved.title} was saved.` },
    undo: true,
    onDone: ({ product: saved }) => {
      if (!saved) return;
      const next = productToValues(saved, weightUnit);
      setBaseline(next);
      setValues(next);
      setVersion(saved.version);
      setMine(null);
    },
  });

  const send = async (values: ProductFormValues) => {
    setBanner([]);
    try {
      const userErrors = product
        ? await updateCommand.submit({ id: product.id, values })
        : await createCommand.submit(values);
      if (userErrors.length) applyErrors(userErrors);
    } catch (error) {
      setBanner([describeError(error).message]);
    }
  };

  /** Checks every field at once; only a form without messages is sent. */
  const save = async () => {
    if (saving || form.formState.isSubmitting) return;
    setStale(false);
    await form.handleSubmit(send, () => setBanner([]))();
  };

  const reloadTheirs = async () => {
    setReloading(true);
    try {
      const server = await reload();
      if (!server) return;
      const theirs = productToValues(server, weightUnit);
      setMine(values);
      setBaseline(theirs);
      setValues(theirs);
      setVersion(server.version);
      setStale(false);
    } catch (error) {
      setBanner([describeError(error).message]);
    } finally {
      setReloading(false);
    }
  };

  /**
   * "<name> changed this — reload" while the person edits: their version loads with the person's
   * typed values kept on top where the other person left that part alone; where both changed a
   * part, theirs shows and the person's value is listed beside it ("Use my values").
   */
  const reloadMerging = async () => {
    setReloading(true);
    try {
      const server = await reload();
      if (!server) return;
      const theirs = productToValues(server, weightUnit);
      const { merged, mineOnTop, conflicts } = mergeEdits(baseline, form.getValues(), theirs);
      setBaseline(theirs);
      setValues(merged);
      setVersion(server.version);
      setStale(false);
      setMine(conflicts.length ? mineOnTop : null);
    } catch (error) {
      setBanner([describeError(error).message]);
    } finally {
      setReloading(false);
    }
  };

  const applyMine = () => {
    if (mine) setValues(mine);
    setMine(null);
  };

  /** A change saved outside the form (archive): take it without losing the person's edits. */
  const adopt = (server: ProductFieldsFragment) => {
    const next = productToValues(server, weightUnit);
    setBaseline(next);
    form.setValue('status', next.status);
    setVersion(server.version);
  };

  return {
    control: form.control,
    values,
    change,
    errors,
    banner,
    dirty,
    saving,
    save,
    discard,
    stale,
    mine,
    reloading,
    reloadTheirs,
    reloadMerging,
    applyMine,
    keepTheirs: () => setMine(null),
    pending,
    setPending,
    version,
    adopt,
  };
}
