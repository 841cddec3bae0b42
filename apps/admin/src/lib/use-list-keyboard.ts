import { useEffect, useState } from 'react';

function isTyping(target: EventTarget | null): boolean {
  if (!(target instanceof HTMLElement)) return false;
  // A row's checkbox keeps the shortcuts; text boxes take the keys as typing.
  if (target instanceof HTMLInputElement) return !['checkbox', 'radio'].includes(target.type);
  return target.isContentEditable || ['TEXTAREA', 'SELECT'].includes(target.tagName);
}

interface Handlers {
  count: number;
  onToggle: (index: number) => void;
  onOpen: (index: number) => void;
}

/** SPEC §2 list shortcuts: j/k move the focus row, x selects it, Enter opens it. */
export function useListKeyboard({ count, onToggle, onOpen }: Handlers) {
  const [chosen, setFocused] = useState<number | null>(null);
  // A shorter page (after a search) keeps the focus on its last row.
  const focused = chosen === null || count === 0 ? null : Math.min(chosen, count - 1);

  useEffect(() => {
    const onKey = (event: KeyboardEvent) => {
      if (event.metaKey || event.ctrlKey || event.altKey || isTyping(event.target) || count === 0) return;
      if (document.querySelector('[role="dialog"]')) return;
      if (event.key === 'j') setFocused((f) => (f === null ? 0 : Math.min(count - 1, f + 1)));
      else if (event.key === 'k') setFocused((f) => (f === null ? 0 : Math.max(0, f - 1)));
      else if (event.key === 'x' && focused !== null) onToggle(focused);
      else if (
        event.key === 'Enter' &&
        focused !== null &&
        !(event.target instanceof HTMLButtonElement || event.target instanceof HTMLAnchorElement)
      )
        onOpen(focused);
      else return;
      event.preventDefault();
    };
    window.addEventListener('keydown', onKey);
    return () => window.removeEventListener('keydown', onKey);
  }, [count, focused, onToggle, onOpen]);

  useEffect(() => {
    if (focused === null) return;
    document.querySelector(`[data-row-index="${focused}"]`)?.scrollIntoView({ block: 'nearest' });
  }, [focused]);

  return { focused, setFocused };
}
