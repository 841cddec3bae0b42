import { Button } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { lazy, Suspense, useState, type ComponentType, type ReactNode } from 'react';

/** What every dialog the shell opens is told: how to close itself. */
export interface Closable {
  onClose: () => void;
}

/**
 * A dialog whose code (its body, and the Mantine parts only it uses) downloads at first use, not
 * with the list's first load (e2e/bundle-budget.test.ts), and the header button that opens it.
 * The button starts the download when pointed at or focused, and shows it is loading when the
 * download is slower than the click, so the dialog never opens late with nothing said meanwhile.
 */
export function lazyDialog<P extends object>({
  label,
  icon,
  load,
}: {
  label: string;
  icon: ReactNode;
  load: () => Promise<ComponentType<P & Closable>>;
}) {
  let loading: Promise<ComponentType<P & Closable>> | null = null;
  // One download however many times it is asked for; a failed one is tried again next time.
  const preload = () =>
    (loading ??= load().catch((error: unknown) => {
      loading = null;
      throw error;
    }));
  const Body = lazy(async () => ({ default: await preload() }));

  /** The dialog itself, downloaded when first shown. */
  function Dialog(props: P & Closable) {
    return (
      <Suspense fallback={null}>
        <Body {...props} />
      </Suspense>
    );
  }

  /** The header's button: the dialog opens once its code is here. */
  function OpenButton(props: P) {
    const [state, setState] = useState<'closed' | 'loading' | 'open'>('closed');
    const open = () => {
      setState('loading');
      preload().then(
        () => setState('open'),
        () => {
          setState('closed');
          notifications.show({
            color: 'red',
            title: `Couldn't open ${label}`,
            message: 'Cannot reach the server. Check your connection and try again.',
          });
        },
      );
    };
    return (
      <>
        <Button
          variant="default"
          leftSection={icon}
          loading={state === 'loading'}
          onClick={open}
          onPointerEnter={() => void preload().catch(() => undefined)}
          onFocus={() => void preload().catch(() => undefined)}
        >
          {label}
        </Button>
        {state === 'open' && <Dialog {...props} onClose={() => setState('closed')} />}
      </>
    );
  }

  return { Dialog, OpenButton };
}
