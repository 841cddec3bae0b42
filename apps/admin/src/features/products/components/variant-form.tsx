import { MESSAGES, weightSymbol, weightUnitOf } from '@stockroom/domain';
import { Alert, Button, Group, SimpleGrid, Stack, Text } from '@mantine/core';
import { IconAlertCircle } from '@tabler/icons-react';
import { useEffect, useRef, useState } from 'react';
import { CheckboxField, TextField } from '../../../components/forms/form-fields';
import { SectionCard } from '../../../components/section-card';
import { useCommand } from '../../../components/use-command';
import type { ProductFieldsFragment } from '../../../gql/graphql';
import { useZodForm } from '../../../lib/forms/use-zod-form';
import { useProductUpdateMutation } from '../api/product-update-mutation';
import { emptyVariant, productToValues, valuesToInput, type VariantRow } from './product-form-values';
import { variantFormSchema } from './variant-form-schema';
import { mergeParts } from './product-form-merge';

interface VariantFormProps {
  product: ProductFieldsFragment;
  variantId: string;
  currencyCode: string;
  /** The store's weight unit (Settings). */
  weightUnit: string;
  canWrite: boolean;
  onReload: () => Promise<unknown>;
}

type TextKey =
  'price' | 'compareAtPrice' | 'costPrice' | 'sku' | 'barcode' | 'weightGrams' | 'lowStockThreshold';

/** The fields the person edits here, each merged on its own when someone else saves meanwhile. */
const EDITED = [
  'price',
  'compareAtPrice',
  'costPrice',
  'sku',
  'barcode',
  'weightGrams',
  'lowStockThreshold',
  'trackInventory',
  'allowBackorder',
] as const satisfies readonly (keyof VariantRow)[];
type Edited = (typeof EDITED)[number];

const FIELD_WORDS: Record<Edited, string> = {
  price: 'price',
  compareAtPrice: 'compare-at price',
  costPrice: 'cost per item',
  sku: 'SKU',
  barcode: 'barcode',
  weightGrams: 'weight',
  lowStockThreshold: 'low-stock threshold',
  trackInventory: 'stock tracking',
  allowBackorder: 'selling when out of stock',
};

const FIELDS: { field: TextKey; label: string; hint?: string }[] = [
  { field: 'price', label: 'Price' },
  {
    field: 'compareAtPrice',
    label: 'Compare-at price',
    hint: 'Higher than the price; shown struck through.',
  },
  { field: 'costPrice', label: 'Cost per item', hint: 'Customers never see it.' },
  { field: 'sku', label: 'SKU', hint: 'Unique; no spaces.' },
  { field: 'barcode', label: 'Barcode', hint: 'ISBN, UPC, GTIN …' },
  { field: 'weightGrams', label: 'Weight' },
  { field: 'lowStockThreshold', label: 'Low-stock threshold', hint: "Empty: the store's default." },
];

/** One variant's fields, saved through productUpdate with the other variants kept as they are. */
export function VariantForm({
  product,
  variantId,
  currencyCode,
  weightUnit,
  canWrite,
  onReload,
}: VariantFormProps) {
  const unit = weightUnitOf(weightUnit);
  const all = productToValues(product, unit);
  const index = all.variants.findIndex((v) => v.id === variantId);
  const original = all.variants[index];
  const [stale, setStale] = useState(false);
  const [update] = useProductUpdateMutation();
  const save = useCommand({
    mutate: async (row: VariantRow) => {
      const values = { ...all, variants: all.variants.map((v, i) => (i === index ? row : v)) };
      const input = valuesToInput(values, product.version, unit);
      return (
        await update({
          variables: { id: product.id, input: { variants: input.variants ?? [], version: product.version } },
        })
      ).data?.productUpdate;
    },
    success: (_, row) => ({
      title: 'Variant saved',
      message: `${product.title} — ${row.optionValues.join(' / ') || 'Default'}`,
    }),
  });
  const form = useZodForm<VariantRow>({
    schema: variantFormSchema(currencyCode, unit),
    // A variant deleted meanwhile shows nothing (below); the form needs values all the same.
    defaultValues: original ?? emptyVariant([]),
    // The server names this variant ["input", "variants", "3", "price"]; other paths go above the form.
    errorPrefix: ['input', 'variants', String(index)],
    onSubmit: async (row) => {
      setStale(false);
      const errors = await save.submit(row);
      if (errors.some((e) => e.code === 'STALE_VERSION')) setStale(true);
      return errors.filter((e) => e.code !== 'STALE_VERSION');
    },
  });

  // Someone else saved the product (a reload after "<name> changed this", or after a stale save):
  // their version becomes the form's saved state, and what the person typed stays on top wherever
  // the other person left that field alone. Where both changed a field, theirs shows and the
  // person's value is one click away. (The form is not remounted, so nothing typed is lost.)
  const latest = useRef({ original, form });
  useEffect(() => {
    latest.current = { original, form };
  });
  const base = useRef(original);
  const [mine, setMine] = useState<{ values: VariantRow; fields: Edited[] } | null>(null);
  useEffect(() => {
    const { original: theirs, form: f } = latest.current;
    const before = base.current;
    base.current = theirs;
    if (!theirs || !before || before === theirs) return;
    const typed = f.getValues();
    const parts = EDITED.map((k) => [k]);
    const { merged, mineOnTop, conflicts } = mergeParts<VariantRow>(before, typed, theirs, parts);
    f.reset(theirs);
    for (const k of EDITED) if (merged[k] !== theirs[k]) f.setValue(k, merged[k], { shouldDirty: true });
    setMine(conflicts.length ? { values: mineOnTop, fields: conflicts as Edited[] } : null);
  }, [product.version]);

  if (!original) return null;
  const dirty = form.formState.isDirty;
  const banner = form.formErrors;

  return (
    <SectionCard title="Details">
      <form onSubmit={(event) => void form.submit(event)} noValidate aria-label="Variant">
        <Stack gap="md">
          {(banner.length > 0 || stale) && (
            <Alert
              color={stale ? 'orange' : 'red'}
              variant="light"
              icon={<IconAlertCircle aria-hidden />}
              role="alert"
            >
              {stale && <Text size="sm">{MESSAGES.staleVersion('product')}</Text>}
              {banner.map((m) => (
                <Text key={m} size="sm">
                  {m}
                </Text>
              ))}
              {stale && (
                <Button
                  mt="xs"
                  size="xs"
                  color="orange"
                  onClick={() => {
                    setStale(false);
                    void onReload();
                  }}
                >
                  Reload their version
                </Button>
              )}
            </Alert>
          )}
          {mine && (
            <Alert color="blue" variant="light" icon={<IconAlertCircle aria-hidden />} role="status">
              <Text size="sm">
                The {mine.fields.map((f) => FIELD_WORDS[f]).join(', ')} changed while you edited: the saved
                values are shown now.
              </Text>
              <Group gap="xs" mt="xs">
                <Button
                  size="xs"
                  onClick={() => {
                    for (const k of mine.fields) form.setValue(k, mine.values[k], { shouldDirty: true });
                    setMine(null);
                  }}
                >
                  Use my values
                </Button>
                <Button size="xs" variant="default" onClick={() => setMine(null)}>
                  Keep theirs
                </Button>
              </Group>
            </Alert>
          )}
          <fieldset disabled={!canWrite} style={{ border: 0, padding: 0, margin: 0, minWidth: 0 }}>
            <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="md">
              {FIELDS.map(({ field, label, hint }) => (
                <TextField
                  key={field}
                  control={form.control}
                  name={field}
                  label={field === 'weightGrams' ? `${label} (${weightSymbol(unit)})` : label}
                  description={field === 'price' ? currencyCode : hint}
                  inputWrapperOrder={['label', 'input', 'description', 'error']}
                />
              ))}
            </SimpleGrid>
            <Group mt="md" gap="xl">
              <CheckboxField control={form.control} name="trackInventory" label="Track stock" />
              <CheckboxField control={form.control} name="allowBackorder" label="Sell when out of stock" />
            </Group>
          </fieldset>
          {canWrite && (
            <Group justify="flex-end">
              <Button variant="default" disabled={!dirty || form.saving} onClick={() => form.reset()}>
                Discard
              </Button>
              <Button type="submit" loading={form.saving} disabled={!dirty}>
                Save variant
              </Button>
            </Group>
          )}
        </Stack>
      </form>
    </SectionCard>
  );
}
