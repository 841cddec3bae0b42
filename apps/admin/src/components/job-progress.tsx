import { Anchor, Button, Group, Paper, Progress, Stack, Text } from '@mantine/core';
import { IconDownload } from '@tabler/icons-react';
import { useState } from 'react';
import { Link } from 'react-router';
import { useLiveJob } from './live-job';

/**
 * A started export's progress, live, then its download (the audit log's and every list's). The job
 * stays listed on /settings/jobs.
 */
export function JobProgress({
  jobId,
  what,
  noun,
}: {
  jobId: string;
  /** What is exported, for the sentence: "the audit log", "products". */
  what: string;
  /** What progress counts: "events", "products". */
  noun: string;
}) {
  const [active, setActive] = useState(true);
  const { data } = useLiveJob(jobId, active);
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
              ? `Exporting ${what} in the background…`
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
            {total !== null ? ` of ${total.toLocaleString('en-US')}` : ''} {noun}
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
