import { MONEY_FIELDS, normaliseMoney, type CellKey, type TextField, type VariantRow } from './change-model';

/** A block of cells: rows min..max (inclusive) of the given columns. */
export interface CellRange {
  minRow: number;
  maxRow: number;
  /** The columns of the block, left to right; null for a column that can't be edited (titles). */
  keys: readonly (CellKey | null)[];
}

/** Whether a cell takes edits (stock cells of variants that don't track stock don't). */
export type Editable = (row: VariantRow, key: CellKey) => boolean;

/**
 * Rows of cells from a spreadsheet's clipboard text: tab-separated cells, one row a line, a quoted
 * cell may hold tabs, line breaks and "" for a quote (what Excel, Numbers and Sheets copy).
 */
export function parseTsv(text: string): string[][] {
  const rows: string[][] = [];
  let row: string[] = [];
  let cell = '';
  let i = 0;
  let atCellStart = true;
  while (i < text.length) {
    const ch = text[i]!;
    if (atCellStart && ch === '"') {
      const end = closingQuote(text, i + 1);
      if (end > 0) {
        cell = text.slice(i + 1, end).replace(/""/g, '"');
        i = end + 1;
        atCellStart = false;
        continue;
      }
    }
    atCellStart = false;
    if (ch === '\t') {
      row.push(cell);
      cell = '';
      atCellStart = true;
    } else if (ch === '\n' || ch === '\r') {
      if (ch === '\r' && text[i + 1] === '\n') i++;
      row.push(cell);
      rows.push(row);
      row = [];
      cell = '';
      atCellStart = true;
    } else cell += ch;
    i++;
  }
  if (cell !== '' || row.length > 0) {
    row.push(cell);
    rows.push(row);
  }
  return rows;
}

/** Where the quoted cell opened before `from` closes (a quote followed by a tab, line end or the end); -1 if never. */
function closingQuote(text: string, from: number): number {
  for (let i = from; i < text.length; i++) {
    if (text[i] !== '"') continue;
    if (text[i + 1] === '"') {
      i++;
      continue;
    }
    const next = text[i + 1];
    if (next === undefined || next === '\t' || next === '\n' || next === '\r') return i;
    return -1;
  }
  return -1;
}

const TRUE_WORDS = new Set(['true', 'yes', 'y', '1', 'x', '✓', 'on', 'tracked']);

/** A row with one cell set from pasted or typed text (money normalised, checkboxes from words). */
export function withCell(row: VariantRow, key: CellKey, text: string): VariantRow {
  if (key === 'trackInventory') {
    const value = TRUE_WORDS.has(text.trim().toLowerCase());
    return value === row.trackInventory ? row : { ...row, trackInventory: value };
  }
  const value = MONEY_FIELDS.includes(key as TextField) ? normaliseMoney(text) : text.trim();
  return row[key] === value ? row : { ...row, [key]: value };
}

/** A cell's value as text (what copy and fill down take). */
export function cellText(row: VariantRow, key: CellKey): string {
  if (key === 'trackInventory') return row.trackInventory ? 'true' : 'false';
  return row[key] ?? '';
}

/**
 * Rows with a pasted block applied from `range`'s top-left cell: a block bigger than the range
 * spills down and right as far as the grid goes; a single value pasted over a range fills it all.
 * Cells that can't be edited are left as they are.
 */
export function pasteBlock(
  rows: readonly VariantRow[],
  range: CellRange,
  block: readonly (readonly string[])[],
  editable: Editable,
): VariantRow[] {
  if (block.length === 0) return [...rows];
  const single = block.length === 1 && block[0]!.length === 1;
  const height = single ? range.maxRow - range.minRow + 1 : block.length;
  const width = single
    ? range.keys.length
    : Math.min(range.keys.length, Math.max(...block.map((r) => r.length)));
  const next = [...rows];
  for (let r = 0; r < height && range.minRow + r < rows.length; r++) {
    const index = range.minRow + r;
    let row = next[index]!;
    for (let c = 0; c < width; c++) {
      const key = range.keys[c];
      const text = single ? block[0]![0]! : block[r]![c];
      if (!key || text === undefined || !editable(row, key)) continue;
      row = withCell(row, key, text);
    }
    next[index] = row;
  }
  return next;
}

/** Ctrl/Cmd+D: the top cell of each selected column copied into the cells below it. */
export function fillDown(rows: readonly VariantRow[], range: CellRange, editable: Editable): VariantRow[] {
  const next = [...rows];
  const top = rows[range.minRow];
  if (!top) return next;
  for (const key of range.keys) {
    if (!key) continue;
    const text = cellText(top, key);
    for (let index = range.minRow + 1; index <= range.maxRow && index < rows.length; index++) {
      if (editable(next[index]!, key)) next[index] = withCell(next[index]!, key, text);
    }
  }
  return next;
}

/** The grid's own undo/redo: whole rows arrays (cheap, the rows that didn't change are shared). */
export interface History {
  past: VariantRow[][];
  present: VariantRow[];
  future: VariantRow[][];
}

const HISTORY_LIMIT = 100;

export const startHistory = (rows: VariantRow[]): History => ({ past: [], present: rows, future: [] });

export function pushHistory(history: History, rows: VariantRow[]): History {
  if (rows === history.present) return history;
  return { past: [...history.past, history.present].slice(-HISTORY_LIMIT), present: rows, future: [] };
}

export function undo(history: History): History {
  const previous = history.past.at(-1);
  if (!previous) return history;
  return { past: history.past.slice(0, -1), present: previous, future: [history.present, ...history.future] };
}

export function redo(history: History): History {
  const next = history.future[0];
  if (!next) return history;
  return { past: [...history.past, history.present], present: next, future: history.future.slice(1) };
}
