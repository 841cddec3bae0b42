import {
  Alert,
  Anchor,
  Badge,
  Button,
  Chip,
  Group,
  Paper,
  ScrollArea,
  Skeleton,
  Stack,
  Table,
  Text,
} from '@mantine/core';
import { useQuery } from '@apollo/client/react';
import { useState } from 'react';
import { Link } from 'react-router';
import { graphql } from '../gql';
import type { ImportJobFieldsFragment, ImportRowOutcome } from '../gql/graphql';
import { subjectPath } from '../lib/audit-words';
import { usePhone } from '../lib/use-phone';
import { importOutcomeTabs, OUTCOME_COLORS, outcomeWords } from './import-dialog-tabs';
import { n } from './import-job';

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
          productId
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

/**
 * Rows a page. The schema bounds a row's listed changes (30) and problems (10), so a page of 50 costs
 * about 2,050, under the query cost limit (5,000).
 */
export const IMPORT_ROWS_PAGE = 50;

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
          <Table
            verticalSpacing="xs"
            striped
            // A row of many changes is tall: its number, record and outcome stay at its top.
            styles={{ td: { verticalAlign: 'top' } }}
            data-testid="import-rows"
          >
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
  productId?: string | null;
  changes: readonly { field: string; before?: string | null; after?: string | null }[];
  problems: readonly { column?: string | null; code: string; message: string }[];
};

function RowSubject({ row }: { row: RowNode }) {
  // A variant's row links to the variant's page under its product; the others to their record's page.
  const path =
    row.subjectType === 'ProductVariant' && row.productId && row.subjectId
      ? `/products/${row.productId}/variants/${row.subjectId}`
      : subjectPath(row.subjectType, row.subjectId);
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
      // Never cut to "To cr…" beside a long record name on a phone.
      style={{ flexShrink: 0 }}
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
