import { createContext, memo, useContext } from 'react';
import {
  checkboxColumn,
  createTextColumn,
  keyColumn,
  type CellProps,
  type Column,
} from 'react-datasheet-grid';
import { normaliseMoney, stockKey, type CellKey, type TextField, type VariantRow } from './change-model';
import type { Location } from './use-bulk-rows';

/** The problems on screen, by cellId(variantId, key): each cell shows its own as a tooltip. */
export const CellErrorsContext = createContext<ReadonlyMap<string, string>>(new Map());

export const cellId = (variantId: string, key: string): string => `${variantId}|${key}`;

/** A column the "Columns" menu can hide. */
export interface GridColumn {
  key: CellKey;
  title: string;
}

export const FIELD_COLUMNS: readonly GridColumn[] = [
  { key: 'sku', title: 'SKU' },
  { key: 'barcode', title: 'Barcode' },
  { key: 'price', title: 'Price' },
  { key: 'compareAtPrice', title: 'Compare-at' },
  { key: 'cost', title: 'Cost' },
  { key: 'weight', title: 'Weight (g)' },
  { key: 'trackInventory', title: 'Tracked' },
];

export function allColumns(locations: readonly Location[]): GridColumn[] {
  return [...FIELD_COLUMNS, ...locations.map((l) => ({ key: stockKey(l.id), title: `On hand · ${l.name}` }))];
}

const textOptions = {
  continuousUpdates: false,
  deletedValue: '',
  formatBlurredInput: (v: string) => v ?? '',
};
const plainText = createTextColumn<string>({
  ...textOptions,
  parseUserInput: (v) => v.trim(),
  parsePastedValue: (v) => v.replace(/[\n\r]+/g, ' ').trim(),
});
const moneyText = createTextColumn<string>({
  ...textOptions,
  alignRight: true,
  parseUserInput: normaliseMoney,
  parsePastedValue: normaliseMoney,
});
const numberText = createTextColumn<string>({
  ...textOptions,
  alignRight: true,
  parseUserInput: (v) => v.trim(),
  parsePastedValue: (v) => v.trim(),
});

/** A cell with its problem as a tooltip (the red comes from the grid's cellClassName). */
function titled(column: Partial<Column<VariantRow>>, key: CellKey): Partial<Column<VariantRow>> {
  const Inner = column.component!;
  const Cell = memo(function TitledCell(props: CellProps<VariantRow>) {
    const errors = useContext(CellErrorsContext);
    const id = props.rowData.variantId;
    const message = errors.get(cellId(id, key)) ?? errors.get(cellId(id, 'row'));
    return (
      <div className="bulk-cell" title={message}>
        <Inner {...props} />
      </div>
    );
  });
  return { ...column, component: Cell };
}

/**
 * The grid's columns for what the menu shows. Stock cells take edits only for variants that track
 * stock, and only from staff who may change it.
 */
export function gridColumns(
  shown: readonly GridColumn[],
  { canStock, currency }: { canStock: boolean; currency: string },
): Partial<Column<VariantRow>>[] {
  return shown.map(({ key, title }) => {
    const money = (['price', 'compareAtPrice', 'cost'] as readonly string[]).includes(key);
    const base =
      key === 'trackInventory'
        ? keyColumn<VariantRow, 'trackInventory'>('trackInventory', checkboxColumn)
        : keyColumn<VariantRow, TextField>(
            key as TextField,
            money ? moneyText : key === 'sku' || key === 'barcode' ? plainText : numberText,
          );
    const column: Partial<Column<VariantRow>> = {
      ...base,
      id: key,
      title: money && currency ? `${title} ${currency}` : title,
      basis:
        key === 'trackInventory'
          ? 90
          : key === 'sku' || key === 'barcode'
            ? 160
            : key.startsWith('onHand:')
              ? 150
              : 125,
      minWidth: key === 'trackInventory' ? 90 : key === 'sku' || key === 'barcode' ? 140 : 115,
      grow: key === 'trackInventory' ? 0 : 1,
    };
    if (key.startsWith('onHand:')) column.disabled = ({ rowData }) => !canStock || !rowData.trackInventory;
    return titled(column, key);
  });
}

/** The frozen first column: the row's number, product title and option values (read-only). */
function VariantTitleCell({ rowData, rowIndex }: CellProps<VariantRow>) {
  return (
    <div className="bulk-title" title={`${rowData.productTitle} · ${rowData.variantTitle}`}>
      <span className="bulk-title-number">{rowIndex + 1}</span>
      <span className="bulk-title-product">{rowData.productTitle}</span>
      <span className="bulk-title-variant">{rowData.variantTitle}</span>
    </div>
  );
}

export const titleGutter = { component: VariantTitleCell, basis: 280, minWidth: 200, grow: 0 };
