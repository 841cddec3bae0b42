import { Button } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { IconFileExport } from '@tabler/icons-react';
import { JobProgress } from '../../../components/job-progress';
import { useAuditExportStart } from '../api/audit-export-job';

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
  return <JobProgress jobId={jobId} what="the audit log" noun="events" />;
}
