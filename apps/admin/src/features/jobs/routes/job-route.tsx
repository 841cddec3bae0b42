import { Anchor, Badge, Breadcrumbs, Group, Stack, Text, Title } from '@mantine/core';
import { useDocumentTitle } from '@mantine/hooks';
import { useQuery } from '@apollo/client/react';
import { useState } from 'react';
import { Link, useNavigate, useParams } from 'react-router';
import { graphql } from '../../../gql';
import type { ImportKind, JobKind } from '../../../gql/graphql';
import { ImportJobPanel } from '../../../components/import-dialog-report';
import { IMPORT_NOUNS } from '../../../components/import-job';
import { LazyImportDialog } from '../../../components/import-dialog';
import { useFormatDateTime } from '../../../lib/use-format-date-time';
import { IMPORT_MODE_WORDS, JOB_STATUS } from '../components/job-card';

/** What the page's title says of the job (the panel below reads the rest, from the same cache). */
const jobHeadingDocument = graphql(`
  query JobHeading($id: ID!) {
    job(id: $id) {
      id
      kind
      kindLabel
      status
      importMode
      importFile {
        name
      }
      startedBy {
        name
      }
      createdAt
    }
  }
`);

const IMPORT_KIND_OF: Partial<Record<JobKind, ImportKind>> = {
  IMPORT_PRODUCTS: 'PRODUCTS',
  IMPORT_INVENTORY: 'INVENTORY',
  IMPORT_CUSTOMERS: 'CUSTOMERS',
};

/**
 * `/settings/jobs/:jobId`: an import's report (a dry run, its apply or its undo) with every row,
 * filterable by outcome, and what comes next: Apply, the audit log, Undo.
 */
export function JobRoute() {
  const { jobId = '' } = useParams();
  const navigate = useNavigate();
  const formatDateTime = useFormatDateTime();
  const heading = useQuery(jobHeadingDocument, {
    variables: { id: jobId },
    fetchPolicy: 'cache-and-network',
  });
  const job = heading.data?.job;
  const [redo, setRedo] = useState(false);
  const title = job
    ? `${job.importMode ? IMPORT_MODE_WORDS[job.importMode] : job.kindLabel}${job.importFile ? `: ${job.importFile.name}` : ''}`
    : 'Job';
  useDocumentTitle(`${title} · Stockroom`);
  const kind = job ? IMPORT_KIND_OF[job.kind] : undefined;
  const status = job ? JOB_STATUS[job.status] : null;

  return (
    <Stack gap="lg" maw={1100}>
      <div>
        <Breadcrumbs>
          <Anchor component={Link} to="/settings/jobs" size="sm">
            Jobs
          </Anchor>
          <Text size="sm">{job ? job.kindLabel : '…'}</Text>
        </Breadcrumbs>
        <Group gap="sm" mt={4} wrap="wrap">
          <Title order={1} style={{ overflowWrap: 'anywhere' }}>
            {title}
          </Title>
          {status && (
            <Badge color={status.color} variant="dot" tt="none">
              {status.label}
            </Badge>
          )}
        </Group>
        {job && (
          <Text size="sm" c="dimmed">
            {job.kindLabel} · started by {job.startedBy.name} · {formatDateTime(String(job.createdAt))}
          </Text>
        )}
      </div>
      <ImportJobPanel
        key={jobId}
        jobId={jobId}
        onStarted={(id) => void navigate(`/settings/jobs/${id}`)}
        onRedo={kind ? () => setRedo(true) : undefined}
      />
      {redo && kind && (
        <LazyImportDialog
          kind={kind}
          noun={IMPORT_NOUNS[job!.kind] ?? 'records'}
          notice="The store changed since that dry run. Choose the file again for a new dry run."
          onClose={() => setRedo(false)}
        />
      )}
    </Stack>
  );
}
