import { notifications } from '@mantine/notifications';
import { useCallback, useState } from 'react';
import type { ProductFieldsFragment } from '../../../gql/graphql';
import { describeError } from '../../../lib/errors';
import { useProductCreateMutation } from '../api/product-create-mutation';
import { uploadProductMedia } from '../api/product-media-upload';
import { useProductUpdateMutation } from '../api/product-update-mutation';
import {
  emptyProductValues,
  productToValues,
  sameValues,
  valuesToInput,
  type ProductFormValues,
} from './product-form-values';
import { splitProductErrors, validateProduct, type FieldErrors } from './product-validation';

interface Options {
  product: ProductFieldsFragment | null;
  currencyCode: string;
  /** Loads the product again from the server (STALE_VERSION → "Reload their version"). */
  reload: () => Promise<ProductFieldsFragment | null>;
  /** After the first save of a new product. */
  onCreated: (id: string) => void;
}

/** The product editor's state: values against the loaded version, errors, saving, stale handling. */
export function useProductEditor({ product, currencyCode, reload, onCreated }: Options) {
  const initial = product ? productToValues(product) : emptyProductValues();
  const [baseline, setBaseline] = useState<ProductFormValues>(initial);
  const [values, setValues] = useState<ProductFormValues>(initial);
  const [version, setVersion] = useState<number | null>(product?.version ?? null);
  const [errors, setErrors] = useState<FieldErrors>({});
  const [banner, setBanner] = useState<string[]>([]);
  const [stale, setStale] = useState(false);
  const [mine, setMine] = useState<ProductFormValues | null>(null);
  const [reloading, setReloading] = useState(false);
  const [pending, setPending] = useState<File[]>([]);
  const [create, createState] = useProductCreateMutation();
  const [update, updateState] = useProductUpdateMutation();
  const dirty = !sameValues(values, baseline) || (!product && pending.length > 0);
  const saving = createState.loading || updateState.loading;

  // The server's copy changed (a refetch, or our own media change bumped the version).
  const [seen, setSeen] = useState(product);
  if (product && seen !== product) {
    setSeen(product);
    const server = productToValues(product);
    if (sameValues(server, baseline)) {
      setVersion(product.version);
    } else if (!dirty) {
      setBaseline(server);
      setValues(server);
      setVersion(product.version);
    }
    // Otherwise someone else changed it while the person edits: keep the old version, so saving says STALE_VERSION.
  }

  const change = useCallback(
    (next: Partial<ProductFormValues>) => setValues((current) => ({ ...current, ...next })),
    [],
  );

  const discard = () => {
    setValues(baseline);
    setErrors({});
    setBanner([]);
    setMine(null);
    setPending([]);
  };

  const applyErrors = (
    userErrors: readonly { field?: readonly string[] | null; message: string; code: string }[],
  ) => {
    const split = splitProductErrors(userErrors.filter((e) => e.code !== 'STALE_VERSION'));
    setErrors(split.fields);
    setBanner(split.banner);
    setStale(userErrors.some((e) => e.code === 'STALE_VERSION'));
  };

  const save = async () => {
    if (saving) return;
    const local = validateProduct(values, currencyCode);
    setStale(false);
    if (Object.keys(local).length) {
      setErrors(local);
      setBanner([]);
      return;
    }
    setErrors({});
    setBanner([]);
    try {
      if (!product) {
        const { data } = await create({ variables: { input: valuesToInput(values, null) } });
        const payload = data?.productCreate;
        if (payload?.userErrors.length || !payload?.product) {
          applyErrors(payload?.userErrors ?? []);
          return;
        }
        const created = payload.product;
        if (pending.length) {
          const outcome = await uploadProductMedia(created.id, pending);
          if (outcome.errors.length)
            notifications.show({
              color: 'red',
              title: 'Some images were not uploaded',
              message: outcome.errors.join(' '),
            });
        }
        notifications.show({
          color: 'green',
          title: 'Product created',
          message: `${created.title} was saved.`,
        });
        onCreated(created.id);
        return;
      }
      const { data } = await update({ variables: { id: product.id, input: valuesToInput(values, version) } });
      const payload = data?.productUpdate;
      if (payload?.userErrors.length || !payload?.product) {
        applyErrors(payload?.userErrors ?? []);
        return;
      }
      const saved = productToValues(payload.product);
      setBaseline(saved);
      setValues(saved);
      setVersion(payload.product.version);
      setMine(null);
      notifications.show({
        color: 'green',
        title: 'Product saved',
        message: `${payload.product.title} was saved.`,
      });
    } catch (error) {
      setBanner([describeError(error).message]);
    }
  };

  const reloadTheirs = async () => {
    setReloading(true);
    try {
      const server = await reload();
      if (!server) return;
      const theirs = productToValues(server);
      setMine(values);
      setBaseline(theirs);
      setValues(theirs);
      setVersion(server.version);
      setStale(false);
      setErrors({});
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
    const next = productToValues(server);
    setBaseline(next);
    setValues((current) => ({ ...current, status: next.status }));
    setVersion(server.version);
  };

  return {
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
    applyMine,
    keepTheirs: () => setMine(null),
    pending,
    setPending,
    version,
    adopt,
  };
}
