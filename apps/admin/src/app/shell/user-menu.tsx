import { lazy, startTransition, Suspense, useEffect, useState } from 'react';
import { useSession } from '../../lib/session-context';
import { UserMenuButton } from './user-menu-button';

// The menu itself (Menu, Popover, floating-ui, transitions, focus trap: ~20 kB gzipped) is not part
// of the first screen: it loads once the browser is idle after the first paint, or at the first
// pointer or focus on its button, whichever comes first (issue 15 item 6).
const AccountMenu = lazy(async () => ({ default: (await import('./account-menu')).AccountMenu }));

type MenuState = 'none' | 'closed' | 'open';

/**
 * The signed-in person's menu (account-menu.tsx). Until its code is in, the header shows the same
 * button; a click on it opens the menu as soon as the code arrives. The states change in a
 * transition, so the button stays as it is while the code loads and is replaced once.
 */
export function UserMenu({ onShortcuts }: { onShortcuts: () => void }) {
  const { staff } = useSession();
  const [state, setState] = useState<MenuState>('none');
  // Whether the placeholder has the focus, for the real button to take it over.
  const [focused, setFocused] = useState(false);
  const load = () => startTransition(() => setState((s) => (s === 'none' ? 'closed' : s)));
  useEffect(() => {
    if (!window.requestIdleCallback) {
      const timer = window.setTimeout(load, 300);
      return () => window.clearTimeout(timer);
    }
    const handle = window.requestIdleCallback(load, { timeout: 1500 });
    return () => window.cancelIdleCallback(handle);
  }, []);

  return (
    <Suspense fallback={null}>
      {state === 'none' ? (
        <UserMenuButton
          name={staff.name}
          aria-haspopup="menu"
          aria-expanded={false}
          onPointerEnter={load}
          onFocus={() => {
            setFocused(true);
            load();
          }}
          onBlur={() => setFocused(false)}
          onClick={() => startTransition(() => setState('open'))}
        />
      ) : (
        <AccountMenu onShortcuts={onShortcuts} defaultOpened={state === 'open'} focusButton={focused} />
      )}
    </Suspense>
  );
}
