import { useHotkeys } from '@mantine/hooks';
import { lazy, Suspense, useCallback, useState } from 'react';
import { palette, paletteStore, startTypeahead, stopTypeahead } from './palette-store';

// Spotlight and the search document are loaded on first use, not with the first screen.
const CommandPalette = lazy(async () => ({ default: (await import('./command-palette')).CommandPalette }));

/**
 * The command palette (SPEC §2, Ctrl/Cmd-K), loaded the first time it is asked for; `open` is for
 * the header's search button. The open state lives in the palette store, so a palette asked for
 * before its code arrives opens as soon as it does.
 */
export function useLazyPalette(onShortcuts: () => void) {
  const [wanted, setWanted] = useState(false);
  const open = useCallback(() => {
    setWanted(true);
    startTypeahead();
    palette.open();
  }, []);
  const toggle = useCallback(() => {
    setWanted(true);
    palette.toggle();
    // Keys typed right after the shortcut are the palette's even before its input is there.
    if (paletteStore.getState().opened) startTypeahead();
    else stopTypeahead(true);
  }, []);
  // Like Spotlight's own shortcut: not while typing in a field (other than the palette's own).
  useHotkeys([['mod+K', toggle]]);
  const element = wanted ? (
    <Suspense fallback={null}>
      <CommandPalette onShortcuts={onShortcuts} />
    </Suspense>
  ) : null;
  return { open, element };
}
