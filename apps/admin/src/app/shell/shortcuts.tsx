import { useEffect, useRef } from 'react';
import { useNavigate } from 'react-router';
import { shortcutAllowed } from '../../lib/keyboard';

/** `g` then a letter: where it goes (SPEC §2). */
export const GO_TO: Readonly<Record<string, { path: string; label: string }>> = {
  o: { path: '/orders', label: 'Orders' },
  p: { path: '/products', label: 'Products' },
  c: { path: '/customers', label: 'Customers' },
  i: { path: '/inventory', label: 'Inventory' },
  d: { path: '/drafts', label: 'Drafts' },
  r: { path: '/returns', label: 'Returns' },
};

/** Every shortcut, as the `?` dialog lists them. */
export const SHORTCUTS: readonly { section: string; keys: string[][]; label: string }[] = [
  {
    section: 'Anywhere',
    keys: [
      ['Ctrl', 'K'],
      ['⌘', 'K'],
    ],
    label: 'Search and run commands',
  },
  { section: 'Anywhere', keys: [['?']], label: 'Show these shortcuts' },
  ...Object.values(GO_TO).map((g, i) => ({
    section: 'Go to',
    keys: [['g', Object.keys(GO_TO)[i]!]],
    label: g.label,
  })),
  { section: 'Lists', keys: [['/']], label: 'Search the list' },
  { section: 'Lists', keys: [['j'], ['k']], label: 'Next / previous row' },
  { section: 'Lists', keys: [['x']], label: 'Select the row' },
  { section: 'Lists', keys: [['Enter']], label: 'Open the row' },
  { section: 'Records', keys: [['['], [']']], label: 'Previous / next record of the list you came from' },
];

/** How long after `g` the second key counts. */
const SEQUENCE_MS = 1200;

/**
 * The app-wide keys: `g` + letter to go to a list and `?` for the list of shortcuts. None fire
 * while typing in a field, with a modifier, or with a dialog (or the palette) open.
 */
export function useGlobalShortcuts(onHelp: () => void) {
  const navigate = useNavigate();
  const pendingG = useRef(0);

  useEffect(() => {
    const onKey = (event: KeyboardEvent) => {
      if (!shortcutAllowed(event)) {
        pendingG.current = 0;
        return;
      }
      if (event.key === '?') {
        event.preventDefault();
        onHelp();
        return;
      }
      if (pendingG.current && Date.now() - pendingG.current < SEQUENCE_MS) {
        pendingG.current = 0;
        const target = GO_TO[event.key];
        if (target) {
          event.preventDefault();
          void navigate(target.path);
        }
        return;
      }
      pendingG.current = event.key === 'g' && !event.shiftKey ? Date.now() : 0;
    };
    window.addEventListener('keydown', onKey);
    return () => window.removeEventListener('keydown', onKey);
  }, [navigate, onHelp]);
}
