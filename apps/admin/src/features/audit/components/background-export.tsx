import { Anchor, Button, Group, Paper, Progress, Stack, Text } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { IconDownload, IconFileExport } from '@tabler/icons-react';
import { useState } from 'react';
import { Link } from 'react-router';
import { useAuditExportJob, useAuditExportStart } from '../api/audit-export-job';

/**
 * "Export all as CSV (background)": the whole log (or this search) with no 10,000 cap, as a job.
 * Its progress shows here, with a link to /settings/jobs where it stays listed.
 */
export function BackgroundExportButton({
  query,
  onStarted,
}: {
  query: string;
  onStarted: (id: string) => void;
}) {
  const [start, state] = useAuditExportStart();
  const run = async () => {
    try {
      const { data } = await start({ variables: { query: query || null } });
      const errors = data?.exportStart.userErrors ?? [];
      if (errors.length || !data?.exportStart.job) {
        notifications.show({
          color: 'red',
          title: 'Export not started',
          message: errors.map((e) => e.message).join(' ') || 'Try again.',
        });
        return;
      }
      onStarted(data.exportStart.job.id);
    } catch {
      notifications.show({
        color: 'red',
        title: 'Export not started',
        message: 'The server did not answer; try again.',
      });
    }
  };
  return (
    <Button
      variant="default"
      size="compact-sm"
      loading={state.loading}
      leftSection={<IconFileExport size={14} aria-hidden />}
      onClick={() => void run()}
    >
      Export all as CSV (background)
    </Button>
  );
}

/** The started export's progress, then its download. */
export function BackgroundExportProgress({ jobId }: { jobId: string }) {
  const [active, setActive] = useState(true);
  const { data } = useAuditExportJob(jobId, active);
  const job = data?.job;
  const running = !job || job.status === 'QUEUED' || job.status === 'RUNNING';
  if (!running && active) setActive(false);
  const total = job?.progress.total ?? null;
  const done = job?.progress.done ?? 0;
  const percent = total ? Math.min(100, Math.round((done / total) * 100)) : total === 0 ? 100 : null;
  return (
    <Paper withBorder radius="md" p="sm" aria-live="polite" data-testid="background-export">
      <Stack gap={6}>
        <Group justify="space-between" gap="xs">
          <Text size="sm" fw={600}>
            {running
              ? 'Exporting the audit log in the background…'
              : job?.status === 'SUCCEEDED'
                ? 'The export is ready.'
                : job?.status === 'CANCELLED'
                  ? 'The export was cancelled.'
                  : 'The export failed.'}
          </Text>
          <Anchor component={Link} to="/settings/jobs" size="sm">
            See all jobs
          </Anchor>
        </Group>
        {running && (
          <Progress value={percent ?? 100} animated striped={percent === null} aria-label="Export progress" />
        )}
        <Group justify="space-between" gap="xs">
          <Text size="sm" c="dimmed">
            {done.toLocaleString('en-US')}
            {total !== null ? ` of ${total.toLocaleString('en-US')}` : ''} events
          </Text>
          {job?.resultUrl && (
            <Button
              component="a"
              href={job.resultUrl}
              download
              size="compact-sm"
              leftSection={<IconDownload size={14} aria-hidden />}
            >
              Download {job.resultName ?? 'CSV'}
            </Button>
          )}
        </Group>
        {job?.failure && (
          <Text size="sm" c="red">
            {job.failure}
          </Text>
        )}
      </Stack>
    </Paper>
  );
}
