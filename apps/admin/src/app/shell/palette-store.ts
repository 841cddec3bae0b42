import { createSpotlight } from '@mantine/spotlight';

/** The command palette's open state, shared by the header's search button, Ctrl/Cmd-K and the palette. */
export const [paletteStore, palette] = createSpotlight();

/** Marks the palette's search input, which takes keys itself once it has the focus. */
export const PALETTE_INPUT_ATTRIBUTE = 'data-palette-search';

/**
 * Keys typed between Ctrl/Cmd-K and the palette's input taking the focus (its code may still be
 * loading, the dialog still opening): kept here, in order, and handed to the input when it takes
 * the focus — "dark" then Enter, typed at once, is a search for "dark" and its first entry.
 */
let typed = '';
let enter = false;
let listening = false;

function onKeyDown(event: KeyboardEvent) {
  const target = event.target instanceof Element ? event.target : null;
  if (target?.hasAttribute(PALETTE_INPUT_ATTRIBUTE)) return stopTypeahead(false);
  if (event.ctrlKey || event.metaKey || event.altKey || event.isComposing) return;
  if (event.key === 'Escape') {
    stopTypeahead(true);
    palette.close();
    return;
  }
  if (event.key === 'Enter') enter = true;
  else if (event.key === 'Backspace') typed = typed.slice(0, -1);
  else if (event.key.length === 1) typed += event.key;
  else return;
  // Not for the page below (its shortcuts, its focused button): for the palette.
  event.preventDefault();
  event.stopImmediatePropagation();
}

/** Starts keeping keys for a palette that is opening. */
export function startTypeahead(): void {
  typed = '';
  enter = false;
  if (listening) return;
  listening = true;
  window.addEventListener('keydown', onKeyDown, true);
}

/** Stops keeping keys; `clear` forgets what was kept (the palette closed). */
export function stopTypeahead(clear: boolean): void {
  if (listening) window.removeEventListener('keydown', onKeyDown, true);
  listening = false;
  if (clear) {
    typed = '';
    enter = false;
  }
}

/** What was typed before the input had the focus (and whether Enter followed); taken once. */
export function takeTypeahead(): { text: string; enter: boolean } {
  stopTypeahead(false);
  const taken = { text: typed, enter };
  typed = '';
  enter = false;
  return taken;
}
