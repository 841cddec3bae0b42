import { Button, Skeleton, Stack, Text } from '@mantine/core';
import { useDocumentTitle } from '@mantine/hooks';
import { notifications } from '@mantine/notifications';
import { useEffect, useState } from 'react';
import { DataView } from '../../../components/data-view';
import { SettingsTabs } from '../../../components/settings-tabs';
import type { JobFieldsFragment } from '../../../gql/graphql';
import { useJobCancelMutation } from '../api/job-cancel-mutation';
import { JOBS_POLL_MS, JOBS_SAFETY_POLL_MS, useJobsQuery } from '../api/jobs-query';
import { MAX_FOLLOWED_JOBS, useFollowJob } from '../api/job-updated-subscription';
import { JobCard } from '../components/job-card';

/**
 * `/settings/jobs`: every background job this person may see (theirs, and those of kinds their
 * permissions cover), newest first, with progress; refreshed while any is queued or running.
 */
export function JobsRoute() {
  useDocumentTitle('Jobs · Stockroom');
  const query = useJobsQuery();
  const [cancel] = useJobCancelMutation();
  const [cancelling, setCancelling] = useState<string | null>(null);
  const jobs = (query.data ?? query.previousData)?.jobs.nodes ?? [];
  const active = jobs.filter((j) => j.status === 'QUEUED' || j.status === 'RUNNING');
  // The running jobs are followed live (their streams update the cache); only when more run than
  // are followed does the list ask again on a timer.
  const pollForRest = active.length > MAX_FOLLOWED_JOBS;
  const { startPolling, stopPolling } = query;
  const anyActive = active.length > 0;
  useEffect(() => {
    if (pollForRest) startPolling(JOBS_POLL_MS);
    else if (anyActive) startPolling(JOBS_SAFETY_POLL_MS);
    else stopPolling();
    return () => stopPolling();
  }, [pollForRest, anyActive, startPolling, stopPolling]);

  const onCancel = async (job: JobFieldsFragment) => {
    setCancelling(job.id);
    try {
      const { data } = await cancel({ variables: { id: job.id } });
      const errors = data?.jobCancel.userErrors ?? [];
      if (errors.length) {
        notifications.show({
          color: 'red',
          title: 'Not cancelled',
          message: errors.map((e) => e.message).join(' '),
        });
      } else {
        notifications.show({
          color: 'green',
          title: data?.jobCancel.job?.status === 'CANCELLED' ? 'Job cancelled' : 'Job stopping',
          message:
            data?.jobCancel.job?.status === 'CANCELLED'
              ? `${job.kindLabel} will not run.`
              : `${job.kindLabel} stops after the step it is on; what it did so far is kept.`,
        });
      }
    } catch {
      notifications.show({
        color: 'red',
        title: 'Not cancelled',
        message: 'The server did not answer; try again.',
      });
    } finally {
      setCancelling(null);
    }
  };

  return (
    <Stack gap="md" maw={1000}>
      {active.slice(0, MAX_FOLLOWED_JOBS).map((j) => (
        <FollowJob key={j.id} id={j.id} />
      ))}
      <SettingsTabs />
      <Text c="dimmed" size="sm" maw={640}>
        Work that takes longer than a click — imports and exports, bulk edits of more than 1,000 products —
        runs here in the background. You can leave this page; it keeps going. Open an import for its report.
      </Text>
      <DataView
        keepPrevious
        query={query}
        skeleton={<Skeleton height={240} radius="md" />}
        isEmpty={(data) => data.jobs.nodes.length === 0}
        empty={{
          title: 'No jobs yet',
          description: 'Imports, exports and large bulk edits you start show here with their progress.',
        }}
      >
        {(data) => (
          <Stack gap="sm">
            {data.jobs.nodes.map((job) => (
              <JobCard
                key={job.id}
                job={job}
                onCancel={(j) => void onCancel(j)}
                cancelling={cancelling === job.id}
              />
            ))}
            {data.jobs.pageInfo.hasNextPage && (
              <Button
                variant="default"
                onClick={() =>
                  void query.fetchMore({
                    variables: { after: data.jobs.pageInfo.endCursor },
                    updateQuery: (prev, { fetchMoreResult }) => ({
                      jobs: {
                        ...fetchMoreResult.jobs,
                        nodes: [...prev.jobs.nodes, ...fetchMoreResult.jobs.nodes],
                      },
                    }),
                  })
                }
              >
                Show older jobs
              </Button>
            )}
          </Stack>
        )}
      </DataView>
    </Stack>
  );
}

/** Keeps one running job's stream open while it is on the screen. */
function FollowJob({ id }: { id: string }) {
  useFollowJob(id, true);
  return null;
}
