import {
  Alert,
  Anchor,
  Badge,
  Button,
  FileButton,
  Group,
  Loader,
  Modal,
  Paper,
  Progress,
  ScrollArea,
  Stack,
  Text,
} from '@mantine/core';
import { useQuery } from '@apollo/client/react';
import { IconDownload, IconFileTypeCsv, IconUpload } from '@tabler/icons-react';
import { MAX_IMPORT_BYTES } from '@stockroom/domain';
import { useRef, useState, type DragEvent } from 'react';
import { graphql } from '../gql';
import type { ImportKind } from '../gql/graphql';
import { usePhone } from '../lib/use-phone';
import { ImportJobPanel } from './import-dialog-report';
import { importFileProblem, templateCsv, uploadImport } from './import-dialog-upload';

const importColumnsDocument = graphql(`
  query ImportColumns($kind: ImportKind!) {
    importColumns(kind: $kind) {
      name
      required
      description
    }
  }
`);

export interface ImportDialogProps {
  kind: ImportKind;
  /** What the rows are, plural: "products". */
  noun: string;
  onClose: () => void;
  /** Words shown above the picker, e.g. why a new dry run is asked for. */
  notice?: string;
}

/** The dialog shows the report's rows itself for files up to this many rows; longer ones: "Review all". */
const INLINE_ROWS = 50;

const inMb = (bytes: number) =>
  bytes < 1024 * 1024
    ? `${Math.max(1, Math.round(bytes / 1024))} KB`
    : `${(bytes / 1024 / 1024).toFixed(1)} MB`;

type Step =
  { name: 'choose' } | { name: 'uploading'; sent: number; total: number } | { name: 'job'; jobId: string };

/**
 * Import: what the file should look like (a template, the columns), a CSV picked or dropped, its
 * upload with progress, then the dry run live and its report, Apply, and Undo.
 */
export function ImportDialog({ kind, noun, onClose, notice }: ImportDialogProps) {
  const phone = usePhone();
  const [step, setStep] = useState<Step>({ name: 'choose' });
  const [file, setFile] = useState<File | null>(null);
  const [fileProblems, setFileProblems] = useState<string[]>([]);
  const [problem, setProblem] = useState<string | null>(notice ?? null);
  const [dragging, setDragging] = useState(false);
  const abort = useRef<AbortController | null>(null);
  const key = useRef(crypto.randomUUID());
  const columns = useQuery(importColumnsDocument, { variables: { kind } });
  const all = columns.data?.importColumns ?? [];
  const title = `Import ${noun}`;

  const choose = (chosen: File | null) => {
    setProblem(null);
    setFile(chosen);
    key.current = crypto.randomUUID();
    const tooBad = chosen ? importFileProblem(chosen) : null;
    setFileProblems(tooBad ? [tooBad] : []);
  };

  const start = async () => {
    if (!file || importFileProblem(file)) return;
    setProblem(null);
    setFileProblems([]);
    const controller = new AbortController();
    abort.current = controller;
    setStep({ name: 'uploading', sent: 0, total: file.size });
    const outcome = await uploadImport({
      kind,
      file,
      idempotencyKey: key.current,
      onProgress: (sent, total) => setStep({ name: 'uploading', sent, total }),
      signal: controller.signal,
    });
    abort.current = null;
    if (outcome.job) {
      setStep({ name: 'job', jobId: outcome.job.id });
      return;
    }
    setStep({ name: 'choose' });
    setFileProblems(outcome.fileErrors);
    setProblem(
      outcome.errors.join(' ') || (outcome.fileErrors.length ? null : 'The import did not start; try again.'),
    );
  };

  const close = () => {
    abort.current?.abort();
    onClose();
  };

  const onDrop = (event: DragEvent) => {
    event.preventDefault();
    setDragging(false);
    const dropped = event.dataTransfer.files[0];
    if (dropped) choose(dropped);
  };

  const template = `data:text/csv;charset=utf-8,${encodeURIComponent(templateCsv(all))}`;

  return (
    <Modal opened onClose={close} title={title} size={step.name === 'job' ? 'xl' : 'lg'} fullScreen={phone}>
      {step.name === 'job' ? (
        <Stack gap="md">
          <ImportJobPanel
            jobId={step.jobId}
            onStarted={(jobId) => setStep({ name: 'job', jobId })}
            onRedo={() => {
              choose(null);
              setStep({ name: 'choose' });
              setProblem('The store changed since that dry run. Choose the file again for a new dry run.');
            }}
            rowsUpTo={INLINE_ROWS}
            reviewLink
          />
          <Group justify="flex-end">
            <Button variant="default" onClick={close}>
              Close
            </Button>
          </Group>
        </Stack>
      ) : (
        <Stack gap="md">
          <Stack gap={6}>
            <Group justify="space-between" gap="xs">
              <Text size="sm" fw={500}>
                What the file should look like
              </Text>
              <Anchor
                href={template}
                download={`${noun.replaceAll(' ', '-')}-import-template.csv`}
                size="sm"
                aria-disabled={!all.length}
              >
                <Group gap={4} component="span" wrap="nowrap">
                  <IconDownload size={14} aria-hidden />
                  Download a template
                </Group>
              </Anchor>
            </Group>
            <Text size="sm" c="dimmed">
              Trying it out?{' '}
              <Anchor href={`/samples/${kind.toLowerCase()}.csv`} download size="sm">
                Download a sample file
              </Anchor>{' '}
              that imports cleanly into the demo store.
            </Text>
            <Text size="sm" c="dimmed">
              A CSV (UTF-8, comma- or semicolon-separated) with a header line, one row per record.
              {kind === 'INVENTORY'
                ? ''
                : ' The columns are Shopify’s: a Shopify export imports as it is.'}{' '}
              Rows that match a record update it; the others create one.
            </Text>
            {columns.loading && !all.length ? (
              <Loader size="sm" aria-label="Loading the columns" />
            ) : columns.error ? (
              <Alert color="red">{columns.error.message}</Alert>
            ) : (
              <ScrollArea.Autosize
                mah={phone ? 240 : 220}
                type="auto"
                scrollbars="y"
                offsetScrollbars="y"
                // The list scrolls by keyboard too (axe: scrollable-region-focusable).
                viewportProps={{ tabIndex: 0, 'aria-label': 'Columns of the file' }}
              >
                <Stack gap={6} component="ul" m={0} p={0} style={{ listStyle: 'none' }} aria-label="Columns">
                  {all.map((c) => (
                    <li key={c.name}>
                      <Group gap={6} wrap="nowrap">
                        <Text size="sm" fw={600}>
                          {c.name}
                        </Text>
                        {c.required && (
                          <Badge size="xs" color="red" variant="light" tt="none">
                            required
                          </Badge>
                        )}
                      </Group>
                      <Text size="xs" c="dimmed">
                        {c.description}
                      </Text>
                    </li>
                  ))}
                </Stack>
              </ScrollArea.Autosize>
            )}
          </Stack>

          <Paper
            withBorder
            radius="md"
            p="md"
            onDragOver={(e) => {
              e.preventDefault();
              setDragging(true);
            }}
            onDragLeave={() => setDragging(false)}
            onDrop={onDrop}
            style={{
              borderStyle: 'dashed',
              borderWidth: 2,
              borderColor: dragging ? 'var(--mantine-color-blue-5)' : undefined,
              background: dragging ? 'var(--mantine-color-blue-light)' : undefined,
            }}
            data-testid="import-drop-zone"
          >
            <Stack gap="xs" align="center">
              <IconFileTypeCsv size={28} aria-hidden color="var(--mantine-color-dimmed)" />
              {file ? (
                <Text size="sm" ta="center" style={{ overflowWrap: 'anywhere' }} data-testid="import-file">
                  <Text span fw={600} size="sm">
                    {file.name}
                  </Text>{' '}
                  · {inMb(file.size)}
                </Text>
              ) : (
                <Text size="sm" c="dimmed" ta="center">
                  {phone ? 'Choose a CSV file.' : 'Drop a CSV file here, or choose one.'} At most{' '}
                  {MAX_IMPORT_BYTES / 1024 / 1024} MB.
                </Text>
              )}
              <FileButton onChange={choose} accept=".csv,text/csv">
                {(props) => (
                  <Button {...props} variant="default" size="compact-sm" disabled={step.name === 'uploading'}>
                    {file ? 'Choose another file' : 'Choose a CSV file'}
                  </Button>
                )}
              </FileButton>
            </Stack>
          </Paper>
          {fileProblems.length > 0 && (
            <Stack gap={2} role="alert" data-testid="import-file-problems">
              {fileProblems.map((p, i) => (
                <Text key={i} size="sm" c="red">
                  {p}
                </Text>
              ))}
            </Stack>
          )}
          {step.name === 'uploading' && (
            <Stack gap={4}>
              <Progress
                value={step.total ? Math.round((step.sent / step.total) * 100) : 0}
                aria-label="Upload progress"
                animated
              />
              <Text size="sm" c="dimmed">
                Uploading… {inMb(step.sent)} of {inMb(step.total)}
              </Text>
            </Stack>
          )}
          {problem && (
            <Alert
              color={notice && problem === notice ? 'yellow' : 'red'}
              title={notice && problem === notice ? undefined : 'Import not started'}
            >
              {problem}
            </Alert>
          )}
          <Text size="xs" c="dimmed">
            First a dry run: it changes nothing and reports each row. You apply it after. The job also appears
            on Settings → Jobs.
          </Text>
          <Group justify="flex-end" gap="sm">
            <Button variant="default" onClick={close}>
              Cancel
            </Button>
            <Button
              leftSection={<IconUpload size={16} aria-hidden />}
              onClick={() => void start()}
              loading={step.name === 'uploading'}
              disabled={!file || fileProblems.length > 0}
            >
              Upload and check
            </Button>
          </Group>
        </Stack>
      )}
    </Modal>
  );
}
