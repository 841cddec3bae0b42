import { useCallback, useState } from 'react';
import { useNavigate } from 'react-router';
import { useListKeyboard } from './use-list-keyboard';

interface Options<Row extends { id: string }> {
  rows: readonly Row[];
  /** The search the selection was made in: a new search starts a new selection. */
  search: string | null;
  /** False for people who may only read: x does nothing, there are no checkboxes. */
  canSelect: boolean;
  /** Where Enter on the focused row goes. */
  pathOf: (row: Row) => string;
}

/**
 * The selection of a list screen — rows of this page, or "all matching" the search — with the
 * SPEC §2 keys (j/k move, x selects, Enter opens) wired to it.
 */
export function useListSelection<Row extends { id: string }>({
  rows,
  search,
  canSelect,
  pathOf,
}: Options<Row>) {
  const navigate = useNavigate();
  const [selected, setSelected] = useState<Set<string>>(new Set());
  const [allMatching, setAllMatching] = useState(false);

  // A selection belongs to the search it was made in.
  const [selectionSearch, setSelectionSearch] = useState(search);
  if (selectionSearch !== search) {
    setSelectionSearch(search);
    setSelected(new Set());
    setAllMatching(false);
  }

  const toggle = useCallback((id: string) => {
    setAllMatching(false);
    setSelected((current) => {
      const next = new Set(current);
      if (next.has(id)) next.delete(id);
      else next.add(id);
      return next;
    });
  }, []);
  const toggleAll = () => {
    setAllMatching(false);
    setSelected((current) =>
      rows.every((r) => current.has(r.id)) ? new Set() : new Set(rows.map((r) => r.id)),
    );
  };
  const clear = () => {
    setSelected(new Set());
    setAllMatching(false);
  };
  const keyboard = useListKeyboard({
    count: rows.length,
    onToggle: useCallback(
      (index: number) => {
        const row = rows[index];
        if (row && canSelect) toggle(row.id);
      },
      [rows, canSelect, toggle],
    ),
    onOpen: useCallback(
      (index: number) => {
        const row = rows[index];
        if (row) void navigate(pathOf(row));
      },
      [rows, navigate, pathOf],
    ),
  });

  return {
    selected,
    allMatching,
    setAllMatching,
    toggle,
    toggleAll,
    clear,
    keyboard,
    pageAllSelected: rows.length > 0 && rows.every((r) => selected.has(r.id)),
    /** What the list's table takes: checkboxes and the keyboard's focus row. */
    tableProps: {
      selected,
      onToggle: toggle,
      onToggleAll: toggleAll,
      focused: keyboard.focused,
      onFocus: keyboard.setFocused,
    },
  };
}
