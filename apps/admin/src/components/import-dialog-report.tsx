import { Alert, Skeleton, Stack, Text } from '@mantine/core';
import type { ImportJobFieldsFragment } from '../gql/graphql';
import { DataView } from './data-view';
import { JobProgress } from './job-progress';
import { NotFoundState } from './not-found-state';
import { ImportJobActions } from './import-job-actions';
import { ImportJobCancel } from './import-job-cancel';
import { importCountsLine, productChanges } from './import-dialog-tabs';
import { ImportRowsTable } from './import-rows-table';
import { countOf, endedUnread, IMPORT_NOUNS, isRunning, n, useImportJob } from './import-job';

/**
 * One import job as the merchant follows it: the progress while it runs, then the counts, the rows
 * filterable by outcome, and what comes next (Apply after a dry run, Undo after an apply).
 * `onStarted` is told of the apply or undo it starts; `onRedo` asks for a new dry run (a file again).
 */
export function ImportJobPanel({
  jobId,
  onStarted,
  onRedo,
  rowsUpTo,
  reviewLink = false,
}: {
  jobId: string;
  onStarted: (jobId: string) => void;
  onRedo?: () => void;
  /** Show the rows' table only for files of at most this many rows (the dialog: small files; the page: all). */
  rowsUpTo?: number;
  /** "Review all rows", to the job's page. */
  reviewLink?: boolean;
}) {
  const query = useImportJob(jobId);
  return (
    <DataView query={query} thing="job" skeleton={<Skeleton height={160} radius="md" />}>
      {(data) =>
        data.job ? (
          <ImportJobBody
            job={data.job}
            onStarted={onStarted}
            onRedo={onRedo}
            rowsUpTo={rowsUpTo}
            reviewLink={reviewLink}
          />
        ) : (
          <NotFoundState thing="job" headingOrder={2} />
        )
      }
    </DataView>
  );
}

function ImportJobBody({
  job,
  onStarted,
  onRedo,
  rowsUpTo,
  reviewLink,
}: {
  job: ImportJobFieldsFragment;
  onStarted: (jobId: string) => void;
  onRedo?: () => void;
  rowsUpTo?: number;
  reviewLink: boolean;
}) {
  const noun = IMPORT_NOUNS[job.kind] ?? 'records';
  // Until its end is read (its counts, Apply or Undo), the job shows its progress, not stale counts.
  const running = isRunning(job.status) || endedUnread(job);
  const showRows = rowsUpTo === undefined || (job.importFile?.rows ?? Infinity) <= rowsUpTo;
  return (
    <Stack gap="md" data-testid="import-job">
      {running ? (
        <>
          <JobProgress jobId={job.id} what={noun} noun="rows" action={job.importMode ?? 'DRY_RUN'} />
          {isRunning(job.status) && <ImportJobCancel job={job} />}
        </>
      ) : (
        <ImportOutcome job={job} noun={noun} listErrors={!showRows} />
      )}
      {!running && (
        <ImportJobActions
          job={job}
          noun={noun}
          onStarted={onStarted}
          onRedo={onRedo}
          reviewLink={reviewLink}
        />
      )}
      {!running && showRows && job.status !== 'QUEUED' && <ImportRowsTable job={job} />}
    </Stack>
  );
}

/** The finished job in one sentence, in the mode's words. */
function ImportOutcome({
  job,
  noun,
  listErrors,
}: {
  job: ImportJobFieldsFragment;
  noun: string;
  /** The report's first problems, when the rows' table is not shown beside. */
  listErrors: boolean;
}) {
  const errors = countOf(job, 'errors');
  const changes = countOf(job, 'created') + countOf(job, 'updated') + countOf(job, 'deleted');
  let title: string;
  let color = 'green';
  if (job.status === 'FAILED') {
    title = job.importMode === 'DRY_RUN' ? 'The dry run failed.' : 'The import stopped with a failure.';
    color = 'red';
  } else if (job.status === 'CANCELLED') {
    title = job.importMode === 'DRY_RUN' ? 'The dry run was cancelled.' : 'Cancelled: what was done is kept.';
    color = 'orange';
  } else if (job.importMode === 'DRY_RUN') {
    title =
      changes === 0
        ? errors
          ? `Nothing can be imported: every row with a change has an error.`
          : `The file matches the store: nothing to change.`
        : `Dry run done: nothing is changed yet. Check the rows, then apply.`;
    color = errors ? 'orange' : 'blue';
  } else if (job.importMode === 'APPLY') {
    const products = productChanges(job.report.counts, true);
    title = products
      ? `Imported: ${products.join(', ')}.`
      : `Imported: ${n(countOf(job, 'created'))} created, ${n(countOf(job, 'updated'))} updated.`;
  } else {
    const refused = errors;
    title = refused
      ? `Undone, except ${n(refused)} ${refused === 1 ? 'record' : 'records'} changed again since (listed below).`
      : `Undone: every record the import changed is back as it was.`;
    color = refused ? 'orange' : 'green';
  }
  return (
    <Alert
      color={color}
      title={title}
      data-testid="import-outcome"
      // The title in the text's colour: yellow or orange words on their light ground read poorly.
      styles={{ title: { color: 'var(--mantine-color-text)' } }}
    >
      <Text size="sm">
        {job.importFile ? `${job.importFile.name} · ` : ''}
        {job.importFile?.rows !== null && job.importFile?.rows !== undefined
          ? `${n(job.importFile.rows)} ${job.importFile.rows === 1 ? 'row' : 'rows'} of ${noun}`
          : noun}
      </Text>
      {job.status !== 'FAILED' && <ImportCounts job={job} />}
      {job.failure && (
        <Text size="sm" c="red.9" mt={4}>
          {job.failure}
        </Text>
      )}
      {listErrors && job.report.errors.length > 0 && (
        <Stack gap={2} mt={4}>
          {job.report.errors.map((e, i) => (
            <Text key={i} size="sm" c="red.9">
              {e.row !== null ? `Row ${e.row}: ` : ''}
              {e.field ? `${e.field} — ` : ''}
              {e.message}
            </Text>
          ))}
        </Stack>
      )}
    </Alert>
  );
}

/**
 * The report's counts in a line ("6 to create · 0 to update · 0 unchanged · 1 error"), on top
 * whether or not the rows' table is shown below (a long file's rows are on the job's page).
 */
function ImportCounts({ job }: { job: ImportJobFieldsFragment }) {
  return (
    <Text size="sm" fw={500} mt={4} data-testid="import-counts">
      {importCountsLine(job.importMode, job.report.counts)}
    </Text>
  );
}
