import { useEffect, useState } from 'react';

function isTyping(target: EventTarget | null): boolean {
  if (!(target instanceof HTMLElement)) return false;
  return target.isContentEditable || ['INPUT', 'TEXTAREA', 'SELECT'].includes(target.tagName);
}

/**
 * List keys of SPEC §2: `j`/`k` move the highlighted row, `x` selects it; `t` opens the transfer of
 * the highlighted row. Ignored while typing and while a dialog or popover is open.
 * Returns the highlighted index (−1 before the first key).
 */
export function useRowKeys(
  count: number,
  onSelect: ((index: number) => void) | null,
  onTransfer: ((index: number) => void) | null = null,
): number {
  const [active, setActive] = useState(-1);

  useEffect(() => {
    const onKey = (event: KeyboardEvent) => {
      if (event.metaKey || event.ctrlKey || event.altKey || isTyping(event.target) || count === 0) return;
      if (document.querySelector('[role="dialog"]')) return;
      if (event.key === 'j') setActive((i) => Math.min(count - 1, i + 1));
      else if (event.key === 'k') setActive((i) => Math.max(0, i - 1));
      else if (event.key === 'x' && onSelect && active >= 0) onSelect(active);
      else if (event.key === 't' && onTransfer && active >= 0) onTransfer(active);
      else return;
      event.preventDefault();
    };
    window.addEventListener('keydown', onKey);
    return () => window.removeEventListener('keydown', onKey);
  }, [count, onSelect, onTransfer, active]);

  useEffect(() => {
    if (active < 0) return;
    const row = document.querySelector<HTMLElement>(`[data-row-index="${active}"]`);
    row?.scrollIntoView({ block: 'nearest' });
    // Focus lands on the row's editable number, so Enter opens it.
    row?.querySelector<HTMLElement>('[data-row-focus]')?.focus();
  }, [active]);

  return active >= count ? -1 : active;
}
