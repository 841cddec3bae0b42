import { Alert, Button, Group, Text } from '@mantine/core';
import { useMutation } from '@apollo/client/react';
import { useState } from 'react';
import { graphql } from '../gql';
import type { ImportJobFieldsFragment } from '../gql/graphql';
import { ConfirmModal } from './import-job-actions';

const importJobCancelDocument = graphql(`
  mutation ImportJobCancel($id: ID!) {
    jobCancel(id: $id) {
      job {
        ...ImportJobFields
      }
      userErrors {
        ...UserErrorFields
      }
    }
  }
`);

/** What stopping each kind of run is called, and what stopping it keeps. */
const WORDS = {
  DRY_RUN: { button: 'Cancel the dry run', confirm: null },
  APPLY: {
    button: 'Stop the import',
    confirm:
      'The rows imported so far stay imported (whole chunks, never half a row), and the rest of the file is not read. You can undo what was imported afterwards.',
  },
  REVERT: {
    button: 'Stop the undo',
    confirm: 'The records put back so far stay put back; the others keep the import’s values.',
  },
} as const;

/**
 * Stopping a running import (its dry run, apply or undo): the job stops between chunks, so what it
 * wrote is whole. A dry run stops at once (it writes nothing); an apply or undo asks first.
 */
export function ImportJobCancel({ job }: { job: ImportJobFieldsFragment }) {
  const [cancel, state] = useMutation(importJobCancelDocument);
  const [confirming, setConfirming] = useState(false);
  const [problem, setProblem] = useState<string | null>(null);
  const words = WORDS[job.importMode ?? 'DRY_RUN'];

  if (job.cancelRequested)
    return (
      <Text size="sm" c="dimmed" aria-live="polite">
        Stopping after the chunk being written now…
      </Text>
    );
  if (!job.canCancel) return null;

  const run = async () => {
    setProblem(null);
    try {
      const { data } = await cancel({ variables: { id: job.id } });
      const errors = data?.jobCancel.userErrors ?? [];
      if (errors.length) setProblem(errors.map((e) => e.message).join(' '));
    } catch (error) {
      setProblem(error instanceof Error ? error.message : 'The server did not answer; try again.');
    }
    setConfirming(false);
  };

  return (
    <>
      <Group justify="flex-end">
        <Button
          variant="default"
          color="red"
          size="compact-sm"
          loading={state.loading && !confirming}
          onClick={() => (words.confirm ? setConfirming(true) : void run())}
        >
          {words.button}
        </Button>
      </Group>
      {problem && (
        <Alert color="red" title="Not stopped">
          {problem}
        </Alert>
      )}
      {words.confirm && (
        <ConfirmModal
          opened={confirming}
          title={`${words.button}?`}
          confirmLabel={words.button}
          color="red"
          loading={state.loading}
          onConfirm={() => void run()}
          onClose={() => setConfirming(false)}
        >
          {words.confirm}
        </ConfirmModal>
      )}
    </>
  );
}
