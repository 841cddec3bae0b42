import { Alert, Button, Center, Container, Group, Stack, Text } from '@mantine/core';
import { IconAlertTriangle, IconReload } from '@tabler/icons-react';
import { useEffect, useState } from 'react';
import { isRouteErrorResponse, useRouteError } from 'react-router';
import { NotFoundState } from '../components/not-found-state';

/**
 * Shown when a screen throws while rendering or a piece of the frame's code fails to load (screens'
 * own code goes through lazyScreen, which offers Retry in place): when the server answers, a stale
 * tab after a new version was deployed; when it does not, the connection. Say which, and offer a reload.
 */
export function RouteErrorBoundary() {
  const error = useRouteError();
  // A script that would not download (a TypeError), or the stylesheet that comes with it (Vite's
  // preload throws an Error "Unable to preload CSS for …": each chunk has its own CSS).
  const chunkFailed =
    error instanceof Error &&
    /dynamically imported module|Importing a module|Unable to preload CSS/i.test(error.message);
  const [offline, setOffline] = useState(false);
  useEffect(() => {
    if (!chunkFailed) return;
    let live = true;
    void fetch('/healthz', { cache: 'no-store' }).then(
      (response) => live && setOffline(!response.ok),
      () => live && setOffline(true),
    );
    return () => {
      live = false;
    };
  }, [chunkFailed]);
  if (isRouteErrorResponse(error) && error.status === 404) return <NotFoundState />;
  return (
    <Center mih="60vh" p="md">
      <Container size="sm" w="100%">
        <Alert color="red" variant="light" icon={<IconAlertTriangle aria-hidden />} role="alert">
          <Stack gap="xs">
            <Text fw={600} component="h1" size="lg">
              {offline
                ? 'Cannot reach the server'
                : chunkFailed
                  ? 'Stockroom was updated'
                  : 'This screen stopped working'}
            </Text>
            <Text>
              {offline
                ? 'Check your connection, then reload the page.'
                : chunkFailed
                  ? 'Reload the page to get the new version.'
                  : 'Something went wrong while showing this screen. Reloading usually fixes it.'}
            </Text>
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
      </Container>
    </Center>
  );
}
