import { Alert, Button, Center, Container, Group, Stack, Text } from '@mantine/core';
import { IconAlertTriangle, IconReload } from '@tabler/icons-react';
import { isRouteErrorResponse, useRouteError } from 'react-router';
import { NotFoundState } from '../components/not-found-state';

/**
 * Shown when a screen throws while rendering or its code fails to load (for example a stale tab after
 * a new version was deployed): say so, and offer a reload.
 */
export function RouteErrorBoundary() {
  const error = useRouteError();
  if (isRouteErrorResponse(error) && error.status === 404) return <NotFoundState />;
  const chunkFailed =
    error instanceof TypeError && /dynamically imported module|Importing a module/i.test(error.message);
  return (
    <Center mih="60vh" p="md">
      <Container size="sm" w="100%">
        <Alert color="red" variant="light" icon={<IconAlertTriangle aria-hidden />} role="alert">
          <Stack gap="xs">
            <Text fw={600} component="h1" size="lg">
              {chunkFailed ? 'Stockroom was updated' : 'This screen stopped working'}
            </Text>
            <Text>
              {chunkFailed
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
