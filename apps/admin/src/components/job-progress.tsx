import { Anchor, Button, Group, Paper, Progress, Stack, Text } from '@mantine/core';
import { IconDownload } from '@tabler/icons-react';
import { useState } from 'react';
import { Link } from 'react-router';
import { useLiveJob } from './live-job';

/** The sentences of each kind of job followed here. */
const WORDS = {
  EXPORT: {
    running: (what: string) => `Exporting ${what} in the background…`,
    done: 'The export is ready.',
    cancelled: 'The export was cancelled.',
    failed: 'The export failed.',
    bar: 'Export progress',
  },
  DRY_RUN: {
    running: (what: string) => `Checking the file’s ${what} (dry run: nothing is changed)…`,
    done: 'The dry run is done.',
    cancelled: 'The dry run was cancelled.',
    failed: 'The dry run failed.',
    bar: 'Dry run progress',
  },
  APPLY: {
    running: (what: string) => `Importing ${what} in the background…`,
    done: 'The import is done.',
    cancelled: 'The import was cancelled; what was done is kept.',
    failed: 'The import failed.',
    bar: 'Import progress',
  },
  REVERT: {
    running: (what: string) => `Undoing the import of ${what}…`,
    done: 'The import is undone.',
    cancelled: 'The undo was cancelled.',
    failed: 'The undo failed.',
    bar: 'Undo progress',
  },
} as const;

/**
 * A started job's progress, live, then its download if it makes a file (the audit log's and every
 * list's export; an import's dry run, apply and undo). The job stays listed on /settings/jobs.
 */
export function JobProgress({
  jobId,
  what,
  noun,
  action = 'EXPORT',
}: {
  jobId: string;
  /** What the job works on, for the sentence: "the audit log", "products". */
  what: string;
  /** What progress counts: "events", "products". */
  noun: string;
  action?: keyof typeof WORDS;
}) {
  const words = WORDS[action];
  const [active, setActive] = useState(true);
  const { data, previousData, error } = useLiveJob(jobId, active);
  // While the server is out of reach (a restart) the last known progress stays on screen.
  const job = (data ?? previousData)?.job;
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
              ? words.running(what)
              : job?.status === 'SUCCEEDED'
                ? words.done
                : job?.status === 'CANCELLED'
                  ? words.cancelled
                  : words.failed}
          </Text>
          <Anchor component={Link} to="/settings/jobs" size="sm">
            See all jobs
          </Anchor>
        </Group>
        {running && (
          <Progress value={percent ?? 100} animated striped={percent === null} aria-label={words.bar} />
        )}
        <Group justify="space-between" gap="xs" align="flex-start" wrap="nowrap">
          <Text size="sm" c="dimmed" style={{ flexShrink: 0 }}>
            {done.toLocaleString('en-US')}
            {total !== null ? ` of ${total.toLocaleString('en-US')}` : ''} {noun}
          </Text>
          {job?.resultUrl && (
            // "Download CSV" with the file's name under it: a long name wraps there, never cut, and
            // the button fits a phone.
            <Stack gap={2} align="flex-end" style={{ minWidth: 0 }}>
              <Button
                component="a"
                href={job.resultUrl}
                download
                size="compact-sm"
                aria-label={`Download ${job.resultName ?? 'CSV'}`}
                leftSection={<IconDownload size={14} aria-hidden />}
              >
                Download CSV
              </Button>
              {job.resultName && (
                <Text size="xs" c="dimmed" ta="right" style={{ overflowWrap: 'anywhere' }}>
                  {job.resultName}
                </Text>
              )}
            </Stack>
          )}
        </Group>
        {running && error && (
          <Text size="sm" c="dimmed" data-testid="job-unreachable">
            The server can’t be reached just now (it may be restarting). The job is not lost: it carries on
            from its last finished part when the server is back, and this updates by itself.
          </Text>
        )}
        {job?.failure && (
          <Text size="sm" c="red">
            {job.failure}
          </Text>
        )}
      </Stack>
    </Paper>
  );
}
