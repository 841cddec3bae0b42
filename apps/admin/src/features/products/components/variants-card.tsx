import { Button, Group, Paper, SimpleGrid, Stack, Table, Text, TextInput } from '@mantine/core';
import { useState } from 'react';
import { useFieldArray } from 'react-hook-form';
import { SectionCard } from '../../../components/section-card';
import type { EditorCardProps } from './editor-types';
import type { VariantRow } from './product-form-values';
import { StartingStock, type StockLocation } from './starting-stock';
import {
  useColumnLabel,
  VARIANT_COLUMNS,
  variantChecks,
  VariantInput,
  VariantName,
} from './variant-row-fields';
import { usePhone } from '../../../lib/use-phone';

interface VariantsCardProps extends EditorCardProps {
  productId: string | null;
  currencyCode: string;
  /** Where new variants can get starting stock; empty without INVENTORY_WRITE. */
  stockLocations: readonly StockLocation[];
}

/** The variant matrix: one row per combination of option values, each with its own price, SKU … */
export function VariantsCard({
  control,
  values,
  onChange,
  errors,
  disabled,
  productId,
  currencyCode,
  stockLocations,
}: VariantsCardProps) {
  const [allPrice, setAllPrice] = useState('');
  const phone = usePhone();
  const setRow = (index: number, change: Partial<VariantRow>) =>
    onChange({ variants: values.variants.map((row, i) => (i === index ? { ...row, ...change } : row)) });
  // Rows come and go as the options change (the matrix is replaced); each keeps its inputs' state.
  const { fields } = useFieldArray({ control, name: 'variants', keyName: 'fieldKey' });
  const count = values.variants.length;
  const rows = fields.flatMap((field, index) => {
    const row = values.variants[index];
    return row ? [{ fieldKey: field.fieldKey, row, index }] : [];
  });

  return (
    <SectionCard
      title={`Variants (${count})`}
      description={`Prices in ${currencyCode}. Leave compare-at empty unless the item is on sale.`}
      testId="variants-card"
    >
      {count > 1 && (
        <Group align="flex-end" gap="xs" mb="md">
          <TextInput
            label="Price for every variant"
            value={allPrice}
            onChange={(event) => setAllPrice(event.currentTarget.value)}
            inputMode="decimal"
            w={180}
            disabled={disabled}
          />
          <Button
            variant="default"
            disabled={disabled || !allPrice.trim()}
            onClick={() =>
              onChange({ variants: values.variants.map((row) => ({ ...row, price: allPrice.trim() })) })
            }
          >
            Apply price to all
          </Button>
        </Group>
      )}
      {errors['variants'] && (
        <Text size="sm" c="red" mb="sm">
          {errors['variants']}
        </Text>
      )}
      {phone ? (
        <Stack gap="sm" data-testid="variant-cards">
          {rows.map(({ fieldKey, row, index }) => {
            const props = { control, row, index, errors, disabled, productId, onChange: setRow };
            const checks = variantChecks({ ...props, labelled: true });
            return (
              <Paper key={fieldKey} withBorder radius="md" p="sm" data-testid="variant-row">
                <VariantName {...props} />
                <SimpleGrid cols={2} spacing="xs" mt="xs">
                  {VARIANT_COLUMNS.map((column) => (
                    <VariantInput key={column.field} {...props} column={column} visibleLabel />
                  ))}
                </SimpleGrid>
                <Group gap="md" mt="sm">
                  {checks.track}
                  {checks.backorder}
                </Group>
              </Paper>
            );
          })}
        </Stack>
      ) : (
        <Table.ScrollContainer minWidth={880}>
          <Table verticalSpacing={6} horizontalSpacing={6} data-testid="variant-table">
            <Table.Thead>
              <Table.Tr>
                <Table.Th>Variant</Table.Th>
                {VARIANT_COLUMNS.map((c) => (
                  <ColumnHeader key={c.field} column={c} />
                ))}
                <Table.Th w={56}>Track</Table.Th>
                <Table.Th w={80}>Backorder</Table.Th>
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {rows.map(({ fieldKey, row, index }) => {
                const props = { control, row, index, errors, disabled, productId, onChange: setRow };
                const checks = variantChecks(props);
                return (
                  <Table.Tr key={fieldKey} data-testid="variant-row" style={{ verticalAlign: 'top' }}>
                    <Table.Td pt={10}>
                      <VariantName {...props} />
                    </Table.Td>
                    {VARIANT_COLUMNS.map((column) => (
                      <Table.Td key={column.field}>
                        <VariantInput {...props} column={column} />
                      </Table.Td>
                    ))}
                    <Table.Td pt={12}>{checks.track}</Table.Td>
                    <Table.Td pt={12}>{checks.backorder}</Table.Td>
                  </Table.Tr>
                );
              })}
            </Table.Tbody>
          </Table>
        </Table.ScrollContainer>
      )}
      <StartingStock
        rows={rows.filter(({ row }) => !row.id && row.trackInventory)}
        locations={stockLocations}
        errors={errors}
        disabled={disabled}
        phone={phone}
        onChange={setRow}
      />
    </SectionCard>
  );
}

function ColumnHeader({ column }: { column: (typeof VARIANT_COLUMNS)[number] }) {
  return (
    <Table.Th w={column.width} style={{ whiteSpace: 'nowrap' }}>
      {useColumnLabel(column)}
    </Table.Th>
  );
}
