import { Alert, Button, Checkbox, Group, SimpleGrid, Stack, Text, TextInput } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { IconAlertCircle } from '@tabler/icons-react';
import { useState } from 'react';
import { SectionCard } from '../../../components/section-card';
import type { ProductFieldsFragment } from '../../../gql/graphql';
import { describeError } from '../../../lib/errors';
import { useProductUpdateMutation } from '../api/product-update-mutation';
import { productToValues, valuesToInput, type VariantRow } from './product-form-values';
import { splitProductErrors, validateProduct, type FieldErrors } from './product-validation';

interface VariantFormProps {
  product: ProductFieldsFragment;
  variantId: string;
  currencyCode: string;
  canWrite: boolean;
  onReload: () => Promise<unknown>;
}

type TextField =
  'price' | 'compareAtPrice' | 'costPrice' | 'sku' | 'barcode' | 'weightGrams' | 'lowStockThreshold';

const FIELDS: { field: TextField; label: string; hint?: string }[] = [
  { field: 'price', label: 'Price' },
  {
    field: 'compareAtPrice',
    label: 'Compare-at price',
    hint: 'Higher than the price; shown struck through.',
  },
  { field: 'costPrice', label: 'Cost per item', hint: 'Customers never see it.' },
  { field: 'sku', label: 'SKU', hint: 'Unique; no spaces.' },
  { field: 'barcode', label: 'Barcode', hint: 'ISBN, UPC, GTIN …' },
  { field: 'weightGrams', label: 'Weight (g)' },
  { field: 'lowStockThreshold', label: 'Low-stock threshold', hint: "Empty: the store's default." },
];

/** One variant's fields, saved through productUpdate with the other variants kept as they are. */
export function VariantForm({ product, variantId, currencyCode, canWrite, onReload }: VariantFormProps) {
  const all = productToValues(product);
  const index = all.variants.findIndex((v) => v.id === variantId);
  const original = all.variants[index];
  const [row, setRow] = useState<VariantRow | undefined>(original);
  const [errors, setErrors] = useState<FieldErrors>({});
  const [banner, setBanner] = useState<string[]>([]);
  const [stale, setStale] = useState(false);
  const [update, { loading }] = useProductUpdateMutation();

  if (!row || !original) return null;
  const dirty = JSON.stringify(row) !== JSON.stringify(original);
  const values = { ...all, variants: all.variants.map((v, i) => (i === index ? row : v)) };
  const own = (fields: FieldErrors): FieldErrors => {
    const out: FieldErrors = {};
    const prefix = `variants.${index}.`;
    for (const [path, message] of Object.entries(fields))
      if (path.startsWith(prefix)) out[path.slice(prefix.length)] = message;
    return out;
  };

  const save = async () => {
    const local = validateProduct(values, currencyCode);
    setStale(false);
    if (Object.keys(local).length) {
      setErrors(own(local));
      return;
    }
    try {
      const input = valuesToInput(values, product.version);
      const { data } = await update({
        variables: { id: product.id, input: { variants: input.variants ?? [], version: product.version } },
      });
      const payload = data?.productUpdate;
      if (payload?.userErrors.length) {
        const split = splitProductErrors(payload.userErrors.filter((e) => e.code !== 'STALE_VERSION'));
        setErrors(own(split.fields));
        setBanner(split.banner);
        setStale(payload.userErrors.some((e) => e.code === 'STALE_VERSION'));
        return;
      }
      setErrors({});
      setBanner([]);
      notifications.show({
        color: 'green',
        title: 'Variant saved',
        message: `${product.title} — ${original.optionValues.join(' / ') || 'Default'}`,
      });
    } catch (error) {
      setBanner([describeError(error).message]);
    }
  };

  return (
    <SectionCard title="Details">
      <form
        onSubmit={(event) => {
          event.preventDefault();
          void save();
        }}
        noValidate
        aria-label="Variant"
      >
        <Stack gap="md">
          {(banner.length > 0 || stale) && (
            <Alert
              color={stale ? 'orange' : 'red'}
              variant="light"
              icon={<IconAlertCircle aria-hidden />}
              role="alert"
            >
              {stale && <Text size="sm">Someone else changed this product since you opened it.</Text>}
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
          <fieldset disabled={!canWrite} style={{ border: 0, padding: 0, margin: 0, minWidth: 0 }}>
            <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="md">
              {FIELDS.map(({ field, label, hint }) => (
                <TextInput
                  key={field}
                  label={label}
                  description={field === 'price' ? currencyCode : hint}
                  inputWrapperOrder={['label', 'input', 'description', 'error']}
                  value={row[field]}
                  onChange={(event) => setRow({ ...row, [field]: event.currentTarget.value })}
                  error={errors[field]}
                />
              ))}
            </SimpleGrid>
            <Group mt="md" gap="xl">
              <Checkbox
                label="Track stock"
                checked={row.trackInventory}
                onChange={(e) => setRow({ ...row, trackInventory: e.currentTarget.checked })}
              />
              <Checkbox
                label="Sell when out of stock"
                checked={row.allowBackorder}
                onChange={(e) => setRow({ ...row, allowBackorder: e.currentTarget.checked })}
              />
            </Group>
          </fieldset>
          {canWrite && (
            <Group justify="flex-end">
              <Button
                variant="default"
                disabled={!dirty || loading}
                onClick={() => {
                  setRow(original);
                  setErrors({});
                }}
              >
                Discard
              </Button>
              <Button type="submit" loading={loading} disabled={!dirty}>
                Save variant
              </Button>
            </Group>
          )}
        </Stack>
      </form>
    </SectionCard>
  );
}
