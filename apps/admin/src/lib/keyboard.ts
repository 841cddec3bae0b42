/** Whether a key press is someone typing (text boxes, editors), where shortcuts must not fire. */
export function isTyping(target: EventTarget | null): boolean {
  if (!(target instanceof HTMLElement)) return false;
  if (target instanceof HTMLInputElement) return !['checkbox', 'radio'].includes(target.type);
  return target.isContentEditable || ['TEXTAREA', 'SELECT'].includes(target.tagName);
}

/** Whether a dialog (modal, drawer, the palette) is open: shortcuts then belong to it. */
export function dialogOpen(): boolean {
  return document.querySelector('[role="dialog"]') !== null;
}

/** A plain key press a page shortcut may take: no modifier (Shift allowed for "?"), not typing, no dialog. */
export function shortcutAllowed(event: KeyboardEvent): boolean {
  return !(event.metaKey || event.ctrlKey || event.altKey || isTyping(event.target) || dialogOpen());
}
