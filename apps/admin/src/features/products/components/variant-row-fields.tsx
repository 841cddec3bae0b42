import { useWeightLabel } from './weight-unit';
import { Anchor, Checkbox, Text } from '@mantine/core';
import { variantTitle } from '@stockroom/domain';
import type { Control } from 'react-hook-form';
import { Link } from 'react-router';
import { TextField } from '../../../components/forms/form-fields';
import type { EditorErrors } from './product-form-state';
import type { ProductFormValues, VariantRow } from './product-form-values';

export type VariantTextField = 'price' | 'compareAtPrice' | 'costPrice' | 'sku' | 'barcode' | 'weightGrams';

export const VARIANT_COLUMNS: { field: VariantTextField; label: string; width: number }[] = [
  { field: 'price', label: 'Price', width: 100 },
  { field: 'compareAtPrice', label: 'Compare-at', width: 100 },
  { field: 'costPrice', label: 'Cost', width: 90 },
  { field: 'sku', label: 'SKU', width: 130 },
  { field: 'barcode', label: 'Barcode', width: 130 },
  { field: 'weightGrams', label: 'Weight', width: 90 },
];

export interface VariantRowProps {
  control: Control<ProductFormValues>;
  row: VariantRow;
  index: number;
  errors: EditorErrors;
  disabled: boolean;
  productId: string | null;
  onChange: (index: number, change: Partial<VariantRow>) => void;
}

/** The variant's name, linking to its own page once it is saved. */
export function VariantName({ row, index, errors, productId }: VariantRowProps) {
  const title = variantTitle(row.optionValues);
  const problem = errors[`variants.${index}.optionValues`];
  return (
    <>
      {productId && row.id ? (
        <Anchor component={Link} to={`/products/${productId}/variants/${row.id}`} size="sm" fw={500}>
          {title}
        </Anchor>
      ) : (
        <Text size="sm" fw={500}>
          {title}
        </Text>
      )}
      {problem && (
        <Text size="xs" c="red">
          {problem}
        </Text>
      )}
    </>
  );
}

/** A column's label; the weight's names the store's unit: "Weight (kg)". */
export function useColumnLabel(column: (typeof VARIANT_COLUMNS)[number]): string {
  const weight = useWeightLabel();
  return column.field === 'weightGrams' ? weight : column.label;
}

/** One text box of a variant; labelled "Price of M / Blue" for screen readers (and tests). */
export function VariantInput({
  control,
  row,
  index,
  column,
  visibleLabel,
}: VariantRowProps & { column: (typeof VARIANT_COLUMNS)[number]; visibleLabel?: boolean }) {
  const title = variantTitle(row.optionValues);
  const { field } = column;
  const label = useColumnLabel(column);
  return (
    <TextField
      control={control}
      name={`variants.${index}.${field}`}
      size="xs"
      label={visibleLabel ? label : undefined}
      aria-label={`${label} of ${title}`}
      inputMode={field === 'sku' || field === 'barcode' ? 'text' : 'decimal'}
      placeholder={field === 'price' ? '0.00' : undefined}
    />
  );
}

/** The two switches of a variant, as elements for a table cell or a card. */
export function variantChecks({
  row,
  index,
  disabled,
  onChange,
  labelled,
}: VariantRowProps & { labelled?: boolean }) {
  const title = variantTitle(row.optionValues);
  return {
    track: (
      <Checkbox
        aria-label={`Track stock of ${title}`}
        label={labelled ? 'Track stock' : undefined}
        checked={row.trackInventory}
        onChange={(event) => onChange(index, { trackInventory: event.currentTarget.checked })}
        disabled={disabled}
      />
    ),
    backorder: (
      <Checkbox
        aria-label={`Allow backorder of ${title}`}
        label={labelled ? 'Sell when out of stock' : undefined}
        checked={row.allowBackorder}
        onChange={(event) => onChange(index, { allowBackorder: event.currentTarget.checked })}
        disabled={disabled}
      />
    ),
  };
}
