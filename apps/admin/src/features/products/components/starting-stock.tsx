import { Box, Paper, SimpleGrid, Stack, Table, Text, TextInput, Title } from '@mantine/core';
import { variantTitle } from '@stockroom/domain';
import type { EditorErrors } from './product-form-state';
import type { VariantRow } from './product-form-values';

export interface StockLocation {
  id: string;
  name: string;
}

interface StartingStockProps {
  /** The variants not saved yet that track stock, with their place in the form. */
  rows: { row: VariantRow; index: number }[];
  locations: readonly StockLocation[];
  errors: EditorErrors;
  disabled: boolean;
  phone: boolean;
  onChange: (index: number, change: Partial<VariantRow>) => void;
}

/**
 * "Starting stock" of the variants being made: units on hand at each active location as the product
 * is saved, received in the same save (a "Starting stock" movement). Saved variants change their
 * stock in Inventory or on their own page instead.
 */
export function StartingStock({ rows, locations, errors, disabled, phone, onChange }: StartingStockProps) {
  if (!rows.length || !locations.length) return null;
  const input = (row: VariantRow, index: number, location: StockLocation, visibleLabel: boolean) => (
    <TextInput
      key={location.id}
      size="xs"
      label={visibleLabel ? location.name : undefined}
      aria-label={`Starting stock of ${variantTitle(row.optionValues)} at ${location.name}`}
      inputMode="numeric"
      placeholder="0"
      value={row.startingStock?.[location.id] ?? ''}
      disabled={disabled}
      onChange={(event) =>
        onChange(index, { startingStock: { ...row.startingStock, [location.id]: event.currentTarget.value } })
      }
    />
  );
  const problem = (index: number) =>
    errors[`variants.${index}.startingStock`] && (
      <Text size="xs" c="red" role="alert">
        {errors[`variants.${index}.startingStock`]}
      </Text>
    );
  return (
    <Box mt="lg" data-testid="starting-stock">
      <Title order={3} size="sm">
        Starting stock
      </Title>
      <Text size="xs" c="dimmed" mb="xs">
        Units on hand at each location when you save, recorded as received. Change stock later in Inventory.
      </Text>
      {phone ? (
        <Stack gap="xs">
          {rows.map(({ row, index }) => (
            <Paper key={row.key} withBorder radius="md" p="sm">
              <Text size="sm" fw={500}>
                {variantTitle(row.optionValues)}
              </Text>
              <SimpleGrid cols={2} spacing="xs" mt={4}>
                {locations.map((l) => input(row, index, l, true))}
              </SimpleGrid>
              {problem(index)}
            </Paper>
          ))}
        </Stack>
      ) : (
        <Table.ScrollContainer minWidth={160 + locations.length * 120}>
          {/* As wide as its columns: the counts sit next to the variant they belong to. */}
          <Table verticalSpacing={6} horizontalSpacing={6} w="auto">
            <Table.Thead>
              <Table.Tr>
                <Table.Th miw={160}>Variant</Table.Th>
                {locations.map((l) => (
                  <Table.Th key={l.id} w={120} style={{ whiteSpace: 'nowrap' }}>
                    {l.name}
                  </Table.Th>
                ))}
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {rows.map(({ row, index }) => (
                <Table.Tr key={row.key} style={{ verticalAlign: 'top' }}>
                  <Table.Td pt={10}>
                    <Text size="sm" fw={500}>
                      {variantTitle(row.optionValues)}
                    </Text>
                    {problem(index)}
                  </Table.Td>
                  {locations.map((l) => (
                    <Table.Td key={l.id}>{input(row, index, l, false)}</Table.Td>
                  ))}
                </Table.Tr>
              ))}
            </Table.Tbody>
          </Table>
        </Table.ScrollContainer>
      )}
    </Box>
  );
}
