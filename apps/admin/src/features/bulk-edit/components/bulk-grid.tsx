import { useEffect, useEffectEvent, useMemo, type RefObject } from 'react';
import { DataSheetGrid, type DataSheetGridRef } from 'react-datasheet-grid';
import gridCss from 'react-datasheet-grid/dist/style.css?inline';
import bulkCss from './bulk-grid.css?inline';
import { changedKeys, type CellKey, type VariantRow } from './change-model';
import { CellErrorsContext, cellId, gridColumns, titleGutter, type GridColumn } from './grid-columns';
import { fillDown, parseTsv, pasteBlock, type CellRange, type Editable } from './grid-edits';

interface BulkGridProps {
  rows: VariantRow[];
  originals: ReadonlyMap<string, VariantRow>;
  locationIds: readonly string[];
  shown: readonly GridColumn[];
  canStock: boolean;
  currency: string;
  errors: ReadonlyMap<string, string>;
  height: number;
  onChange: (rows: VariantRow[]) => void;
  onUndo: () => void;
  onRedo: () => void;
  gridRef: RefObject<DataSheetGridRef | null>;
}

/** Whether the person is typing in a field (a cell being edited included): the browser's keys then. */
function typing(): boolean {
  const el = document.activeElement;
  return (
    el instanceof HTMLInputElement || el instanceof HTMLTextAreaElement || el instanceof HTMLSelectElement
  );
}

/**
 * The spreadsheet: react-datasheet-grid (virtualised rows and columns, keyboard, range select,
 * copy, delete) with the editor's own paste (spreadsheets' TSV, money normalised), fill down
 * (Ctrl/Cmd+D), undo/redo (Ctrl/Cmd+Z, Shift+Z, Y), changed cells tinted and wrong ones red.
 */
export function BulkGrid(props: BulkGridProps) {
  const { rows, originals, locationIds, shown, canStock, currency, errors, height, gridRef } = props;
  const columns = useMemo(() => gridColumns(shown, { canStock, currency }), [shown, canStock, currency]);
  const keys = useMemo(() => shown.map((c) => c.key), [shown]);

  const editable: Editable = useMemo(
    () => (row, key) => !key.startsWith('onHand:') || (canStock && row.trackInventory),
    [canStock],
  );

  const rangeOf = (wholeRow: boolean): CellRange | null => {
    const grid = gridRef.current;
    const active = grid?.activeCell;
    if (!grid || !active) return null;
    const sel = grid.selection ?? { min: active, max: active };
    const last = wholeRow ? keys.length - 1 : sel.max.col;
    return { minRow: sel.min.row, maxRow: sel.max.row, keys: keys.slice(Math.max(0, sel.min.col), last + 1) };
  };

  const onKeyDown = useEffectEvent((event: KeyboardEvent) => {
    if (!(event.ctrlKey || event.metaKey) || event.altKey || typing()) return;
    const key = event.key.toLowerCase();
    if (key === 'z' || key === 'y') {
      if (key === 'y' || event.shiftKey) props.onRedo();
      else props.onUndo();
    } else if (key === 'd' && !event.shiftKey) {
      const range = rangeOf(false);
      if (!range) return;
      // One cell: take the cell above, as spreadsheets do.
      const fill =
        range.minRow === range.maxRow ? { ...range, minRow: Math.max(0, range.minRow - 1) } : range;
      props.onChange(fillDown(rows, fill, editable));
    } else return;
    event.preventDefault();
    event.stopImmediatePropagation();
  });

  const onPaste = useEffectEvent((event: ClipboardEvent) => {
    const text = event.clipboardData?.getData('text/plain');
    if (!text || typing()) return;
    const block = parseTsv(text);
    const single = block.length === 1 && block[0]!.length === 1;
    const range = rangeOf(!single);
    const grid = gridRef.current;
    if (!range || !grid) return;
    props.onChange(pasteBlock(rows, range, block, editable));
    if (!single) {
      const col = grid.selection?.min.col ?? grid.activeCell?.col ?? 0;
      const width = Math.max(...block.map((r) => r.length));
      grid.setSelection({
        min: { col, row: range.minRow },
        max: {
          col: Math.min(col + width - 1, keys.length - 1),
          row: Math.min(range.minRow + block.length - 1, rows.length - 1),
        },
      });
    }
    event.preventDefault();
    event.stopImmediatePropagation();
  });

  useEffect(() => {
    // Capture on window runs before the grid's own listeners on document.
    window.addEventListener('keydown', onKeyDown, true);
    window.addEventListener('paste', onPaste, true);
    return () => {
      window.removeEventListener('keydown', onKeyDown, true);
      window.removeEventListener('paste', onPaste, true);
    };
  }, []);

  const cellClassName = useMemo(
    () =>
      ({ rowData, columnId }: { rowData: unknown; rowIndex: number; columnId?: string }) => {
        const row = rowData as VariantRow;
        if (!columnId) return undefined;
        if (errors.has(cellId(row.variantId, columnId))) return 'bulk-error';
        const original = originals.get(row.variantId);
        if (!original || original === row) return undefined;
        if (!changedKeys(original, row, locationIds).includes(columnId as CellKey)) return undefined;
        // A problem with the whole row (changed by someone else) shows on its changed cells.
        return errors.has(cellId(row.variantId, 'row')) ? 'bulk-error' : 'bulk-changed';
      },
    [errors, originals, locationIds],
  );
  const rowClassName = useMemo(
    () =>
      ({ rowData }: { rowData: VariantRow }) =>
        errors.has(cellId(rowData.variantId, 'row')) ? 'bulk-row-error' : undefined,
    [errors],
  );

  return (
    <CellErrorsContext.Provider value={errors}>
      <style>{gridCss + bulkCss}</style>
      <div className="bulk-grid" data-testid="bulk-grid">
        <DataSheetGrid<VariantRow>
          // Drawn afresh when the Columns menu changes them: the grid's virtualiser keeps its widths.
          key={keys.join()}
          ref={gridRef}
          value={rows}
          onChange={(next) => props.onChange(next)}
          columns={columns}
          gutterColumn={{ ...titleGutter, title: 'Product · variant' }}
          rowKey="variantId"
          lockRows
          disableContextMenu
          height={height}
          rowHeight={36}
          headerRowHeight={40}
          cellClassName={cellClassName}
          rowClassName={rowClassName}
        />
      </div>
    </CellErrorsContext.Provider>
  );
}
