import {
  Alert,
  Anchor,
  Button,
  Checkbox,
  Group,
  Loader,
  Modal,
  Radio,
  SimpleGrid,
  Stack,
  Text,
} from '@mantine/core';
import { useMutation, useQuery } from '@apollo/client/react';
import { useState } from 'react';
import { graphql } from '../gql';
import type { ListExportKind } from '../gql/graphql';
import { usePhone } from '../lib/use-phone';
import { JobProgress } from './job-progress';

const exportColumnsDocument = graphql(`
  query ExportColumns($kind: ListExportKind!) {
    exportColumns(kind: $kind)
  }
`);

const listExportStartDocument = graphql(`
  mutation ListExportStart($input: ExportStartInput!) {
    exportStart(input: $input) {
      job {
        ...LiveJobFields
      }
      userErrors {
        ...UserErrorFields
      }
    }
  }
`);

export interface ExportDialogProps {
  kind: ListExportKind;
  /** What the rows are, plural: "products". */
  noun: string;
  /** The list's search now ("" for none) and its sort, so the file is the list the person sees. */
  query: string;
  sortKey?: string | null;
  reverse?: boolean | null;
  /** How many the search matches, when the list knows ("1,234" or "10,000+"). */
  countLabel?: string | null;
}

export function ExportDialog({
  kind,
  noun,
  query,
  sortKey,
  reverse,
  countLabel,
  onClose,
}: ExportDialogProps & { onClose: () => void }) {
  const phone = usePhone();
  const columnsQuery = useQuery(exportColumnsDocument, { variables: { kind } });
  const all = columnsQuery.data?.exportColumns ?? [];
  const [unchecked, setUnchecked] = useState<Set<string>>(new Set());
  const [scope, setScope] = useState<'search' | 'all'>(query ? 'search' : 'all');
  const [jobId, setJobId] = useState<string | null>(null);
  const [problem, setProblem] = useState<string | null>(null);
  const [start, state] = useMutation(listExportStartDocument);
  const chosen = all.filter((c) => !unchecked.has(c));

  const run = async () => {
    setProblem(null);
    try {
      const { data } = await start({
        variables: {
          input: {
            kind,
            query: scope === 'search' ? query || null : null,
            columns: chosen.length === all.length ? null : chosen,
            sortKey: sortKey ?? null,
            reverse: reverse ?? null,
          },
        },
      });
      const errors = data?.exportStart.userErrors ?? [];
      if (errors.length || !data?.exportStart.job) {
        setProblem(errors.map((e) => e.message).join(' ') || 'The export did not start; try again.');
        return;
      }
      setJobId(data.exportStart.job.id);
    } catch (error) {
      setProblem(error instanceof Error ? error.message : 'The server did not answer; try again.');
    }
  };

  return (
    <Modal opened onClose={onClose} title={`Export ${noun}`} size="lg" fullScreen={phone}>
      {jobId ? (
        <Stack gap="md">
          <JobProgress jobId={jobId} what={noun} noun={noun} />
          <Group justify="flex-end">
            <Button variant="default" onClick={onClose}>
              Close
            </Button>
          </Group>
        </Stack>
      ) : (
        <Stack gap="md">
          <Radio.Group
            label={`Which ${noun}`}
            value={scope}
            onChange={(v) => setScope(v === 'search' ? 'search' : 'all')}
          >
            <Stack gap={6} mt={6}>
              <Radio
                value="search"
                disabled={!query}
                label={
                  query
                    ? `${countLabel ? `${countLabel} ` : ''}${noun} matching the current search`
                    : `${noun[0]!.toUpperCase()}${noun.slice(1)} matching a search (there is none now)`
                }
                description={query ? query : undefined}
              />
              <Radio value="all" label={`All ${noun}`} />
            </Stack>
          </Radio.Group>
          <Stack gap={6}>
            <Group justify="space-between" gap="xs">
              <Text size="sm" fw={500}>
                Columns ({chosen.length} of {all.length})
              </Text>
              <Group gap="sm">
                <Anchor component="button" type="button" size="sm" onClick={() => setUnchecked(new Set())}>
                  All
                </Anchor>
                <Anchor component="button" type="button" size="sm" onClick={() => setUnchecked(new Set(all))}>
                  None
                </Anchor>
              </Group>
            </Group>
            {columnsQuery.loading && !all.length ? (
              <Loader size="sm" aria-label="Loading the columns" />
            ) : columnsQuery.error ? (
              <Alert color="red">{columnsQuery.error.message}</Alert>
            ) : (
              <SimpleGrid cols={{ base: 1, xs: 2, sm: 3 }} spacing={6} verticalSpacing={6}>
                {all.map((column) => (
                  <Checkbox
                    key={column}
                    size="sm"
                    label={column}
                    checked={!unchecked.has(column)}
                    onChange={(e) => {
                      const next = new Set(unchecked);
                      if (e.currentTarget.checked) next.delete(column);
                      else next.add(column);
                      setUnchecked(next);
                    }}
                  />
                ))}
              </SimpleGrid>
            )}
          </Stack>
          {problem && (
            <Alert color="red" title="Export not started">
              {problem}
            </Alert>
          )}
          <Text size="xs" c="dimmed">
            A CSV in Shopify’s columns. It is made in the background; it also appears on Settings → Jobs.
          </Text>
          <Group justify="flex-end" gap="sm">
            <Button variant="default" onClick={onClose}>
              Cancel
            </Button>
            <Button onClick={() => void run()} loading={state.loading} disabled={!chosen.length}>
              Start export
            </Button>
          </Group>
        </Stack>
      )}
    </Modal>
  );
}
