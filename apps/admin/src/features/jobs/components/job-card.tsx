import { Badge, Button, Card, Group, List, Progress, Stack, Text } from '@mantine/core';
import { IconDownload, IconFileSearch, IconX } from '@tabler/icons-react';
import { Link } from 'react-router';
import type { ImportMode, JobFieldsFragment, JobStatus } from '../../../gql/graphql';
import { useFormatDateTime } from '../../../lib/use-format-date-time';

export const JOB_STATUS: Record<JobStatus, { label: string; color: string }> = {
  QUEUED: { label: 'Queued', color: 'gray' },
  RUNNING: { label: 'Running', color: 'blue' },
  SUCCEEDED: { label: 'Done', color: 'green' },
  FAILED: { label: 'Failed', color: 'red' },
  CANCELLED: { label: 'Cancelled', color: 'orange' },
};

const COUNT_WORDS: Record<string, string> = {
  events: 'events',
  rows: 'CSV rows',
  updated: 'updated',
  skipped: 'skipped',
  created: 'created',
  unchanged: 'unchanged',
  deleted: 'deleted',
  reverted: 'undone',
  errors: 'with errors',
};

/** An import job's mode as its title says it. */
export const IMPORT_MODE_WORDS: Record<ImportMode, string> = {
  DRY_RUN: 'Dry run',
  APPLY: 'Import',
  REVERT: 'Undo of an import',
};

/** A dry run speaks of what would happen. */
const DRY_COUNT_WORDS: Record<string, string> = {
  created: 'to create',
  updated: 'to update',
  deleted: 'to delete',
};

const number = (n: number) => n.toLocaleString('en-US');

/** The bar's share, 0–100; null when the total is not known yet. */
export function progressPercent(progress: { done: number; total: number | null }): number | null {
  if (progress.total === null) return null;
  if (progress.total === 0) return 100;
  return Math.min(100, Math.round((progress.done / progress.total) * 100));
}

/** One job: what, who, status, progress, times, its report, and what one may do with it. */
export function JobCard({
  job,
  onCancel,
  cancelling,
}: {
  job: JobFieldsFragment;
  onCancel: (job: JobFieldsFragment) => void;
  cancelling: boolean;
}) {
  const status = JOB_STATUS[job.status];
  const percent = progressPercent(job.progress);
  const active = job.status === 'QUEUED' || job.status === 'RUNNING';
  const label = `${job.kindLabel} progress`;
  // In the store's time zone, as the audit log and every other date of the app.
  const formatDateTime = useFormatDateTime();
  return (
    <Card withBorder radius="md" padding="md" data-testid="job-card" aria-label={job.kindLabel}>
      <Stack gap="xs">
        <Group justify="space-between" align="flex-start" wrap="wrap" gap="xs">
          <Stack gap={2}>
            <Group gap="xs">
              <Text fw={600}>
                {job.kindLabel}
                {job.importMode ? ` · ${IMPORT_MODE_WORDS[job.importMode]}` : ''}
              </Text>
              <Badge color={status.color} variant="dot" tt="none" data-testid="job-status">
                {job.cancelRequested && active ? 'Stopping' : status.label}
              </Badge>
            </Group>
            <Text size="sm" c="dimmed">
              Started by {job.startedBy.name} · {formatDateTime(String(job.createdAt))}
              {job.query ? ` · search “${job.query}”` : ''}
            </Text>
            {job.importFile && (
              <Text size="sm" style={{ overflowWrap: 'anywhere' }} data-testid="job-file">
                {job.importFile.name}
                {job.importFile.rows !== null ? ` · ${number(job.importFile.rows)} rows` : ''}
              </Text>
            )}
          </Stack>
          <Group gap="xs">
            {job.importMode && (
              <Button
                component={Link}
                to={`/settings/jobs/${job.id}`}
                size="compact-sm"
                variant="default"
                leftSection={<IconFileSearch size={14} aria-hidden />}
                aria-label={`Open the report of ${job.kindLabel}${job.importFile ? ` (${job.importFile.name})` : ''}`}
              >
                Open report
              </Button>
            )}
            {job.resultUrl && (
              <Button
                component="a"
                href={job.resultUrl}
                download
                size="compact-sm"
                variant="default"
                leftSection={<IconDownload size={14} aria-hidden />}
              >
                Download {job.resultName ?? 'result'}
              </Button>
            )}
            {job.canCancel && (
              <Button
                size="compact-sm"
                variant="subtle"
                color="red"
                loading={cancelling}
                leftSection={<IconX size={14} aria-hidden />}
                onClick={() => onCancel(job)}
              >
                Cancel
              </Button>
            )}
          </Group>
        </Group>
        <Progress
          value={percent ?? (active ? 100 : 0)}
          animated={active}
          striped={active && percent === null}
          color={status.color}
          aria-label={label}
          size="lg"
        />
        <Group justify="space-between" gap="xs">
          <Text size="sm" data-testid="job-progress">
            {number(job.progress.done)}
            {job.progress.total !== null ? ` of ${number(job.progress.total)}` : ''} done
            {percent !== null ? ` (${percent}%)` : ''}
          </Text>
          <Text size="sm" c="dimmed">
            {job.finishedAt
              ? `Finished ${formatDateTime(String(job.finishedAt))}`
              : job.startedAt
                ? `Running since ${formatDateTime(String(job.startedAt))}`
                : 'Waiting to start'}
          </Text>
        </Group>
        {job.resultExpiredMessage && (
          <Text size="sm" c="dimmed" data-testid="job-result-expired">
            {job.resultExpiredMessage}
          </Text>
        )}
        {job.failure && (
          <Text size="sm" c="red">
            {job.failure}
          </Text>
        )}
        {job.report.counts.length > 0 && (
          <Text size="sm" c="dimmed">
            {job.report.counts
              .map(
                (c) =>
                  `${number(c.value)} ${(job.importMode === 'DRY_RUN' ? DRY_COUNT_WORDS[c.name] : undefined) ?? COUNT_WORDS[c.name] ?? c.name}`,
              )
              .join(' · ')}
          </Text>
        )}
        {job.report.errors.length > 0 && (
          <List size="sm" spacing={2}>
            {job.report.errors.map((e, i) => (
              <List.Item key={i}>
                {e.row !== null ? `Row ${e.row}: ` : ''}
                {e.field ? `${e.field} — ` : ''}
                {e.message}
              </List.Item>
            ))}
          </List>
        )}
      </Stack>
    </Card>
  );
}
