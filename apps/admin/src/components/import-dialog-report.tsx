import {
  Alert,
  Anchor,
  Badge,
  Button,
  Chip,
  Group,
  Modal,
  Paper,
  ScrollArea,
  Skeleton,
  Stack,
  Table,
  Text,
} from '@mantine/core';
import { useMutation, useQuery } from '@apollo/client/react';
import { IconArrowBackUp, IconCheck, IconRefresh } from '@tabler/icons-react';
import { useEffect, useRef, useState, type ReactNode } from 'react';
import { Link } from 'react-router';
import { graphql } from '../gql';
import type { ImportJobFieldsFragment, ImportRowOutcome, JobKind } from '../gql/graphql';
import { subjectPath } from '../lib/audit-words';
import { usePhone } from '../lib/use-phone';
import { applySummary, importOutcomeTabs, OUTCOME_COLORS, outcomeWords } from './import-dialog-tabs';
import { DataView } from './data-view';
import { JobProgress } from './job-progress';
import { NotFoundState } from './not-found-state';
import { useLiveJob } from './live-job';

/** What an import's screens show of its job (the live fields come with its stream). */
graphql(`
  fragment ImportJobFields on Job {
    ...LiveJobFields
    kind
    kindLabel
    importMode
    importFile {
      name
      bytes
      rows
    }
    canApply
    canRevert
    canCancel
    report {
      counts {
        name
        value
      }
      errors {
        row
        field
        message
      }
    }
    importOf {
      id
      importMode
      status
    }
    importAppliedBy {
      id
      status
    }
    importRevertedBy {
      id
      status
    }
    startedBy {
      name
    }
    createdAt
    finishedAt
  }
`);

const importJobDocument = graphql(`
  query ImportJob($id: ID!) {
    job(id: $id) {
      ...ImportJobFields
    }
  }
`);

/** A page of the report's rows, by file row, only the outcomes asked for. */
const importRowsDocument = graphql(`
  query ImportRows($id: ID!, $outcome: [ImportRowOutcome!], $first: Int!, $after: String) {
    job(id: $id) {
      id
      importRows(outcome: $outcome, first: $first, after: $after) {
        totalCount
        nodes {
          row
          outcome
          subject
          subjectType
          subjectId
          changes {
            field
            before
            after
          }
          problems {
            column
            code
            message
          }
        }
        pageInfo {
          hasNextPage
          endCursor
        }
      }
    }
  }
`);

const importApplyDocument = graphql(`
  mutation ImportApply($jobId: ID!, $idempotencyKey: String) {
    importApply(jobId: $jobId, idempotencyKey: $idempotencyKey) {
      job {
        ...ImportJobFields
      }
      userErrors {
        ...UserErrorFields
      }
    }
  }
`);

const jobRevertDocument = graphql(`
  mutation JobRevert($jobId: ID!, $idempotencyKey: String) {
    jobRevert(jobId: $jobId, idempotencyKey: $idempotencyKey) {
      job {
        ...ImportJobFields
      }
      userErrors {
        ...UserErrorFields
      }
    }
  }
`);

/**
 * Rows a page. The schema bounds a row's listed changes (30) and problems (10), so a page of 50 costs
 * about 2,050, under the query cost limit (5,000).
 */
export const IMPORT_ROWS_PAGE = 50;

/** What an import kind's records are called. */
export const IMPORT_NOUNS: Partial<Record<JobKind, string>> = {
  IMPORT_PRODUCTS: 'products',
  IMPORT_INVENTORY: 'stock levels',
  IMPORT_CUSTOMERS: 'customers',
};

const n = (v: number) => v.toLocaleString('en-US');
const countOf = (job: ImportJobFieldsFragment, name: string) =>
  job.report.counts.find((c) => c.name === name)?.value ?? 0;
const isRunning = (status: string | undefined) => status === 'QUEUED' || status === 'RUNNING';

/** The job of an import (a dry run, its apply or its undo), read and kept fresh while it runs. */
export function useImportJob(jobId: string) {
  const live = useLiveJob(jobId, true);
  const status = live.data?.job?.status;
  const query = useQuery(importJobDocument, { variables: { id: jobId }, fetchPolicy: 'cache-and-network' });
  const { refetch } = query;
  // Its counts and what may be done with it change when it ends: read them once more then.
  const last = useRef(status);
  useEffect(() => {
    if (isRunning(last.current) && status && !isRunning(status)) void refetch();
    last.current = status;
  }, [status, refetch]);
  return query;
}

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
  const running = isRunning(job.status);
  const showRows = rowsUpTo === undefined || (job.importFile?.rows ?? Infinity) <= rowsUpTo;
  return (
    <Stack gap="md" data-testid="import-job">
      {running ? (
        <JobProgress jobId={job.id} what={noun} noun="rows" action={job.importMode ?? 'DRY_RUN'} />
      ) : (
        <ImportOutcome job={job} noun={noun} listErrors={!showRows} />
      )}
      {!running && (
        <ImportActions job={job} noun={noun} onStarted={onStarted} onRedo={onRedo} reviewLink={reviewLink} />
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
    title = `Imported: ${n(countOf(job, 'created'))} created, ${n(countOf(job, 'updated'))} updated.`;
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

/** Apply (after a dry run), the audit log and Undo (after an apply), and the links between them. */
function ImportActions({
  job,
  noun,
  onStarted,
  onRedo,
  reviewLink,
}: {
  job: ImportJobFieldsFragment;
  noun: string;
  onStarted: (jobId: string) => void;
  onRedo?: () => void;
  reviewLink: boolean;
}) {
  const [confirm, setConfirm] = useState<'apply' | 'undo' | null>(null);
  const [problem, setProblem] = useState<{ message: string; stale: boolean } | null>(null);
  const key = useRef<string>(crypto.randomUUID());
  const [apply, applying] = useMutation(importApplyDocument);
  const [revert, reverting] = useMutation(jobRevertDocument);

  const run = async (which: 'apply' | 'undo') => {
    setProblem(null);
    try {
      const variables = { jobId: job.id, idempotencyKey: key.current };
      const payload =
        which === 'apply'
          ? (await apply({ variables })).data?.importApply
          : (await revert({ variables })).data?.jobRevert;
      const errors = payload?.userErrors ?? [];
      if (errors.length || !payload?.job) {
        setProblem({
          message: errors.map((e) => e.message).join(' ') || 'It did not start; try again.',
          stale: errors.some((e) => e.code === 'STALE_VERSION'),
        });
        setConfirm(null);
        return;
      }
      key.current = crypto.randomUUID();
      setConfirm(null);
      onStarted(payload.job.id);
    } catch (error) {
      setProblem({
        message: error instanceof Error ? error.message : 'The server did not answer; try again.',
        stale: false,
      });
      setConfirm(null);
    }
  };

  const links: ReactNode[] = [];
  if (reviewLink)
    links.push(
      <Anchor key="review" component={Link} to={`/settings/jobs/${job.id}`} size="sm">
        Review all rows
      </Anchor>,
    );
  if (job.importOf)
    links.push(
      <Anchor key="of" component={Link} to={`/settings/jobs/${job.importOf.id}`} size="sm">
        {job.importMode === 'REVERT' ? 'The import it undid' : 'Its dry run'}
      </Anchor>,
    );
  if (job.importAppliedBy)
    links.push(
      <Anchor key="applied" component={Link} to={`/settings/jobs/${job.importAppliedBy.id}`} size="sm">
        Applied: see the import
      </Anchor>,
    );
  if (job.importMode === 'APPLY' && !isRunning(job.status))
    links.push(
      <Anchor
        key="audit"
        component={Link}
        to={`/settings/audit?q=${encodeURIComponent(`job:${job.id}`)}`}
        size="sm"
      >
        See the changes in the audit log
      </Anchor>,
    );
  if (job.importRevertedBy)
    links.push(
      <Anchor key="reverted" component={Link} to={`/settings/jobs/${job.importRevertedBy.id}`} size="sm">
        Undone: see the undo
      </Anchor>,
    );

  const records = countOf(job, 'created') + countOf(job, 'updated') + countOf(job, 'deleted');
  return (
    <Stack gap="sm">
      {problem && (
        <Alert color="red" title={problem.stale ? 'The store changed since the dry run' : 'Not started'}>
          <Text size="sm">{problem.message}</Text>
          {problem.stale && onRedo && (
            <Button
              mt="xs"
              size="compact-sm"
              variant="default"
              leftSection={<IconRefresh size={14} aria-hidden />}
              onClick={onRedo}
            >
              Run the dry run again
            </Button>
          )}
        </Alert>
      )}
      <Group justify="space-between" gap="sm" wrap="wrap">
        <Group gap="md" wrap="wrap">
          {links}
        </Group>
        <Group gap="sm">
          {job.canApply && (
            <Button leftSection={<IconCheck size={16} aria-hidden />} onClick={() => setConfirm('apply')}>
              Apply changes
            </Button>
          )}
          {job.canRevert && (
            <Button
              variant="default"
              color="red"
              leftSection={<IconArrowBackUp size={16} aria-hidden />}
              onClick={() => setConfirm('undo')}
            >
              Undo this import
            </Button>
          )}
        </Group>
      </Group>
      <ConfirmModal
        opened={confirm === 'apply'}
        title="Apply these changes?"
        confirmLabel="Apply changes"
        loading={applying.loading}
        onConfirm={() => void run('apply')}
        onClose={() => setConfirm(null)}
      >
        {applySummary(job.report.counts, noun)} Every change is in the audit log, and the whole import can be
        undone.
      </ConfirmModal>
      <ConfirmModal
        opened={confirm === 'undo'}
        title="Undo this import?"
        confirmLabel="Undo this import"
        color="red"
        loading={reverting.loading}
        onConfirm={() => void run('undo')}
        onClose={() => setConfirm(null)}
      >
        {`The ${n(records)} ${records === 1 ? 'record' : 'records'} (${noun}) it created or changed go back to how they were: created ones are deleted, updated ones get their old values. A record changed again since is left as it is and listed.`}
      </ConfirmModal>
    </Stack>
  );
}

/** A confirm whose button is the form's submit: Enter confirms, Esc closes. */
function ConfirmModal({
  opened,
  title,
  confirmLabel,
  color,
  loading,
  onConfirm,
  onClose,
  children,
}: {
  opened: boolean;
  title: string;
  confirmLabel: string;
  color?: string;
  loading: boolean;
  onConfirm: () => void;
  onClose: () => void;
  children: ReactNode;
}) {
  return (
    <Modal opened={opened} onClose={onClose} title={title} centered zIndex={400}>
      <form
        onSubmit={(e) => {
          e.preventDefault();
          onConfirm();
        }}
      >
        <Stack gap="md">
          <Text size="sm">{children}</Text>
          <Group justify="flex-end" gap="sm">
            <Button variant="default" onClick={onClose}>
              Cancel
            </Button>
            <Button type="submit" color={color} loading={loading} data-autofocus>
              {confirmLabel}
            </Button>
          </Group>
        </Stack>
      </form>
    </Modal>
  );
}

/** The report's rows: filters with counts, IMPORT_ROWS_PAGE a page with Next/Previous, by file row. */
export function ImportRowsTable({ job }: { job: ImportJobFieldsFragment }) {
  const phone = usePhone();
  const tabs = importOutcomeTabs(job.importMode, job.report.counts);
  const [tab, setTab] = useState('ALL');
  // The cursors of the pages before this one (keyset paging forward only: Previous goes back by them).
  const [cursors, setCursors] = useState<(string | null)[]>([null]);
  const after = cursors.at(-1) ?? null;
  const outcomes = tabs.find((t) => t.value === tab)?.outcomes ?? null;
  const rows = useQuery(importRowsDocument, {
    variables: { id: job.id, outcome: outcomes, first: IMPORT_ROWS_PAGE, after },
    fetchPolicy: 'cache-and-network',
  });
  const connection = (rows.data ?? rows.previousData)?.job?.importRows;
  const nodes = connection?.nodes ?? [];
  const page = cursors.length;
  const first = (page - 1) * IMPORT_ROWS_PAGE + 1;

  return (
    <Stack gap="sm">
      <Chip.Group
        value={tab}
        onChange={(v) => {
          setTab(String(v));
          setCursors([null]);
        }}
      >
        <Group gap="xs" role="group" aria-label="Show rows">
          {tabs.map((t) => (
            <Chip key={t.value} value={t.value} color={t.color} variant="outline" size="sm">
              {t.label} · {n(t.count)}
            </Chip>
          ))}
        </Group>
      </Chip.Group>
      {rows.error && !connection ? (
        <Alert color="red" title="The rows could not be read">
          {rows.error.message}
        </Alert>
      ) : !connection ? (
        <Skeleton height={120} radius="md" />
      ) : nodes.length === 0 ? (
        <Paper withBorder radius="md" p="md">
          <Text size="sm" c="dimmed">
            No rows{' '}
            {tab === 'ALL' ? 'in this report' : `marked “${tabs.find((t) => t.value === tab)?.label}”`}.
          </Text>
        </Paper>
      ) : phone ? (
        <Stack gap="xs" data-testid="import-rows">
          {nodes.map((r) => (
            <Paper key={`${r.row}-${r.outcome}`} withBorder radius="md" p="sm" data-testid="import-row">
              <Group justify="space-between" gap="xs" wrap="nowrap" align="flex-start">
                <Text size="sm" fw={600} style={{ minWidth: 0, overflowWrap: 'anywhere' }}>
                  {job.importMode === 'REVERT' ? `#${r.row}` : `Row ${r.row}`} · <RowSubject row={r} />
                </Text>
                <OutcomeBadge mode={job.importMode} outcome={r.outcome} />
              </Group>
              <RowDetails row={r} />
            </Paper>
          ))}
        </Stack>
      ) : (
        <ScrollArea type="auto">
          <Table verticalSpacing="xs" striped data-testid="import-rows">
            <Table.Thead>
              <Table.Tr>
                <Table.Th w={70}>{job.importMode === 'REVERT' ? '#' : 'Row'}</Table.Th>
                <Table.Th>Record</Table.Th>
                <Table.Th w={120}>Outcome</Table.Th>
                <Table.Th>Changes and problems</Table.Th>
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {nodes.map((r) => (
                <Table.Tr key={`${r.row}-${r.outcome}`} data-testid="import-row">
                  <Table.Td>{r.row}</Table.Td>
                  <Table.Td style={{ overflowWrap: 'anywhere' }}>
                    <RowSubject row={r} />
                  </Table.Td>
                  <Table.Td>
                    <OutcomeBadge mode={job.importMode} outcome={r.outcome} />
                  </Table.Td>
                  <Table.Td>
                    <RowDetails row={r} />
                  </Table.Td>
                </Table.Tr>
              ))}
            </Table.Tbody>
          </Table>
        </ScrollArea>
      )}
      {connection && (connection.pageInfo.hasNextPage || page > 1) && (
        <Group justify="space-between" gap="sm">
          <Text size="sm" c="dimmed">
            {n(first)}–{n(first + nodes.length - 1)} of {n(connection.totalCount)}
          </Text>
          <Group gap="xs">
            <Button
              variant="default"
              size="compact-sm"
              disabled={page <= 1}
              onClick={() => setCursors(cursors.slice(0, -1))}
            >
              Previous
            </Button>
            <Button
              variant="default"
              size="compact-sm"
              disabled={!connection.pageInfo.hasNextPage}
              onClick={() => setCursors([...cursors, connection.pageInfo.endCursor ?? null])}
            >
              Next
            </Button>
          </Group>
        </Group>
      )}
    </Stack>
  );
}

type RowNode = {
  row: number;
  subject?: string | null;
  subjectType?: string | null;
  subjectId?: string | null;
  changes: readonly { field: string; before?: string | null; after?: string | null }[];
  problems: readonly { column?: string | null; code: string; message: string }[];
};

function RowSubject({ row }: { row: RowNode }) {
  const path = subjectPath(row.subjectType, row.subjectId);
  const label = row.subject ?? '—';
  return path ? (
    <Anchor component={Link} to={path} size="sm">
      {label}
    </Anchor>
  ) : (
    <>{label}</>
  );
}

function OutcomeBadge({
  mode,
  outcome,
}: {
  mode: ImportJobFieldsFragment['importMode'];
  outcome: ImportRowOutcome;
}) {
  return (
    // The tint says the outcome; the words are in the text's colour (a light badge's own shade of
    // green or teal is under 4.5:1 on its ground).
    <Badge
      color={OUTCOME_COLORS[outcome]}
      variant="light"
      tt="none"
      styles={{ label: { color: 'var(--mantine-color-text)' } }}
    >
      {outcomeWords(mode, outcome)}
    </Badge>
  );
}

const shown = (v: string | null | undefined) => (v === null || v === undefined || v === '' ? '(empty)' : v);

/** "field: before → after" lines, then the problems in red with their column. */
function RowDetails({ row }: { row: RowNode }) {
  if (!row.changes.length && !row.problems.length) return null;
  return (
    <Stack gap={2} mt={4}>
      {row.changes.map((c, i) => (
        <Text key={`c${i}`} size="sm" style={{ overflowWrap: 'anywhere' }}>
          <Text span fw={500} size="sm">
            {c.field}:
          </Text>{' '}
          {c.before === null || c.before === undefined ? (
            shown(c.after)
          ) : (
            <>
              <Text span c="dimmed" size="sm">
                {shown(c.before)}
              </Text>{' '}
              → {shown(c.after)}
            </>
          )}
        </Text>
      ))}
      {row.problems.map((p, i) => (
        <Text key={`p${i}`} size="sm" c="red.9" style={{ overflowWrap: 'anywhere' }}>
          {p.column ? `${p.column}: ` : ''}
          {p.message}
        </Text>
      ))}
    </Stack>
  );
}
