import { Alert, Button, Stack } from '@mantine/core';

interface SettingsStaleAlertProps {
  /** The server's STALE_VERSION message (who changed the settings, and when). */
  message: string;
  onReload: () => void;
}

/** Someone else saved these settings first: nothing of this person's was saved; reload, then redo. */
export function SettingsStaleAlert({ message, onReload }: SettingsStaleAlertProps) {
  return (
    <Alert color="yellow" variant="light" role="alert" title="Your changes are not saved">
      <Stack gap="xs" align="flex-start">
        {message} Reload to see their changes, then make yours again.
        <Button size="xs" variant="default" onClick={onReload}>
          Reload settings
        </Button>
      </Stack>
    </Alert>
  );
}
