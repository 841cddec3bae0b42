import { Alert, Stack, Text } from '@mantine/core';
import { useViewportSize } from '@mantine/hooks';
import { useCallback, useMemo, useRef, useState } from 'react';
import type { DataSheetGridRef } from 'react-datasheet-grid';
import { useLeaveGuard } from '../../../components/use-leave-guard';
import { usePhone } from '../../../lib/use-phone';
import { BulkGrid } from './bulk-grid';
import { BulkToolbar } from './bulk-toolbar';
import type { VariantRow } from './change-model';
import { allColumns } from './grid-columns';
import { PhoneForm } from './phone-form';
import { NegativeStockModal, SaveProblems } from './save-problems';
import type { CellError } from './save-request';
import { useBulkEditor } from './use-bulk-editor';
import { MAX_VARIANTS, type Location } from './use-bulk-rows';

const HIDDEN_KEY = 'stockroom.bulkEdit.hiddenColumns';

function readHidden(): Set<string> {
  try {
    const value: unknown = JSON.parse(window.localStorage.getItem(HIDDEN_KEY) ?? '[]');
    return new Set(Array.isArray(value) ? value.filter((v): v is string => typeof v === 'string') : []);
  } catch {
    return new Set();
  }
}

function writeHidden(hidden: ReadonlySet<string>): void {
  try {
    window.localStorage.setItem(HIDDEN_KEY, JSON.stringify([...hidden]));
  } catch {
    // Blocked storage: the choice lasts until the page is closed.
  }
}

interface BulkEditorProps {
  rows: VariantRow[];
  locations: Location[];
  currency: string;
  truncated: boolean;
  canStock: boolean;
}

/** The loaded editor: the grid on a desktop, one variant at a time on a phone, one change model. */
export function BulkEditor({ rows, locations, currency, truncated, canStock }: BulkEditorProps) {
  const editor = useBulkEditor(rows, locations);
  const phone = usePhone();
  const { height } = useViewportSize();
  const gridRef = useRef<DataSheetGridRef>(null);
  const [phoneIndex, setPhoneIndex] = useState(0);
  const guard = useLeaveGuard(editor.count.cells > 0, 'bulk edit');

  const all = useMemo(() => allColumns(locations), [locations]);
  const [hidden, setHidden] = useState(readHidden);
  const toggle = useCallback((key: string) => {
    setHidden((old) => {
      const next = new Set(old);
      if (!next.delete(key)) next.add(key);
      writeHidden(next);
      return next;
    });
  }, []);
  const shown = useMemo(() => all.filter((c) => !hidden.has(c.key)), [all, hidden]);

  const show = (error: CellError, rowIndex: number) => {
    if (rowIndex < 0) return;
    if (phone) {
      setPhoneIndex(rowIndex);
      return;
    }
    const col = shown.findIndex((c) => c.key === error.key);
    gridRef.current?.setActiveCell({ row: rowIndex, col: Math.max(0, col) });
  };

  return (
    <Stack gap="sm">
      {truncated && (
        <Alert
          color="yellow"
          variant="light"
          title={`Only the first ${MAX_VARIANTS.toLocaleString()} variants`}
        >
          This search finds more variants than the grid holds at once. Edit these, save, then narrow the
          search (for example by vendor or tag) to reach the rest.
        </Alert>
      )}
      <BulkToolbar editor={editor} columns={phone ? undefined : { all, hidden, toggle }} />
      <SaveProblems editor={editor} locations={locations} onShow={show} />
      {rows.length === 0 ? (
        <Text c="dimmed">No variants match this search.</Text>
      ) : phone ? (
        <PhoneForm
          editor={editor}
          locations={locations}
          canStock={canStock}
          currency={currency}
          index={phoneIndex}
          onIndex={setPhoneIndex}
        />
      ) : (
        <>
          <BulkGrid
            rows={editor.rows}
            originals={editor.originals}
            locationIds={editor.locationIds}
            shown={shown}
            canStock={canStock}
            currency={currency}
            errors={editor.errorMap}
            height={Math.max(320, height - 260)}
            onChange={editor.change}
            onUndo={editor.undo}
            onRedo={editor.redo}
            gridRef={gridRef}
          />
          <Text size="xs" c="dimmed">
            Paste from a spreadsheet with Ctrl+V · fill down with Ctrl+D · undo with Ctrl+Z · Enter edits a
            cell.
          </Text>
        </>
      )}
      <NegativeStockModal editor={editor} />
      {guard.dialog}
    </Stack>
  );
}
