import { Alert, Anchor, Button, Group, Modal, Stack, Text } from '@mantine/core';
import { useMutation } from '@apollo/client/react';
import { IconArrowBackUp, IconCheck, IconRefresh } from '@tabler/icons-react';
import { useRef, useState, type ReactNode } from 'react';
import { Link } from 'react-router';
import { graphql } from '../gql';
import type { ImportJobFieldsFragment } from '../gql/graphql';
import { applySummary } from './import-dialog-tabs';
import { countOf, isRunning, n } from './import-job';

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

/** Apply (after a dry run), the audit log and Undo (after an apply), and the links between them. */
export function ImportJobActions({
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
export function ConfirmModal({
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
