import { Alert, Box, Button, Group, Stack, Text } from '@mantine/core';
import { IconAlertTriangle, IconReload } from '@tabler/icons-react';
import { useEffect, useState, type ComponentType } from 'react';
import { ErrorState } from '../components/error-state';
import { TRANSPORT_MESSAGES, type ErrorDescription } from '../lib/errors';

type Screen = ComponentType;

const CODE_FAILED: ErrorDescription = {
  kind: 'network',
  message: TRANSPORT_MESSAGES.network,
  hint: 'This screen could not be opened. Retry once the connection is back.',
  requestId: null,
  retryAfter: null,
};

/** A screen whose code would not download: the server is down, or answers but no longer has it. */
async function serverAnswers(): Promise<boolean> {
  try {
    return (await fetch('/healthz', { cache: 'no-store' })).ok;
  } catch {
    return false;
  }
}

/**
 * A route's `lazy` for a screen's code that never fails: when the download fails (the server is down),
 * the route gets a stand-in that shows the error state with Retry where the screen goes (inside the
 * frame), and Retry downloads it again. React Router keeps what `lazy` first gave for good, a failure
 * too, so the retrying is done here; the browser does not keep a failed import (Chromium asks the
 * server again on a new import() of the same URL). Once loaded, the stand-in is the screen itself.
 * `standalone`: a screen outside the signed-in frame (sign-in), which pads the message itself.
 */
export function lazyScreen(
  load: () => Promise<Screen>,
  { standalone = false }: { standalone?: boolean } = {},
): () => Promise<{ Component: Screen }> {
  let loaded: Screen | null = null;
  let failedAt = 0;
  const attempt = async (): Promise<Screen> => {
    if (loaded) return loaded;
    try {
      return (loaded = await load());
    } catch (error) {
      failedAt = Date.now();
      throw error;
    }
  };

  function ScreenCodeFailed() {
    const [screen, setScreen] = useState<{ Loaded: Screen | null }>({ Loaded: loaded });
    // A visit long after the failure downloads again at once; right after it, only the check below.
    const [state, setState] = useState<'loading' | 'checking' | 'failed' | 'updated'>(() =>
      Date.now() - failedAt > 2000 ? 'loading' : 'checking',
    );
    useEffect(() => {
      if (screen.Loaded || (state !== 'loading' && state !== 'checking')) return;
      let live = true;
      if (state === 'loading') {
        void attempt().then(
          (Loaded) => live && setScreen({ Loaded }),
          () => live && setState('checking'),
        );
      } else {
        // The server answers but the code is gone: a new version was deployed since this tab opened.
        void serverAnswers().then((answers) => live && setState(answers ? 'updated' : 'failed'));
      }
      return () => {
        live = false;
      };
    }, [state, screen.Loaded]);

    if (screen.Loaded) return <screen.Loaded />;
    return (
      <Box
        maw={720}
        p={standalone ? 'md' : 0}
        mx={standalone ? 'auto' : undefined}
        data-testid="screen-code-failed"
      >
        {state === 'updated' ? (
          <UpdatedState />
        ) : (
          <ErrorState
            error={CODE_FAILED}
            onRetry={() => setState('loading')}
            retrying={state === 'loading' || state === 'checking'}
          />
        )}
      </Box>
    );
  }

  standIns.add(ScreenCodeFailed);
  return async () => {
    try {
      return { Component: await attempt() };
    } catch {
      return { Component: ScreenCodeFailed };
    }
  };
}

const standIns = new WeakSet<object>();

/** Whether a route's `lazy` gave the stand-in for a screen whose code did not download. */
export function isCodeFailedStandIn(component: unknown): boolean {
  return typeof component === 'function' && standIns.has(component);
}

function UpdatedState() {
  return (
    <Alert color="red" variant="light" icon={<IconAlertTriangle aria-hidden />} role="alert">
      <Stack gap="xs">
        <Text fw={600}>Stockroom was updated</Text>
        <Text>Reload the page to get the new version.</Text>
        <Group>
          <Button
            variant="default"
            leftSection={<IconReload size={16} aria-hidden />}
            onClick={() => window.location.reload()}
          >
            Reload
          </Button>
        </Group>
      </Stack>
    </Alert>
  );
}
