import { useQuery } from '@apollo/client/react';
import { useEffect } from 'react';
import { graphql } from '../gql';
import type { ImportJobFieldsFragment, JobKind } from '../gql/graphql';
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
    cancelRequested
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

/** What an import kind's records are called. */
export const IMPORT_NOUNS: Partial<Record<JobKind, string>> = {
  IMPORT_PRODUCTS: 'products',
  IMPORT_INVENTORY: 'stock levels',
  IMPORT_CUSTOMERS: 'customers',
};

export const n = (v: number) => v.toLocaleString('en-US');
export const countOf = (job: ImportJobFieldsFragment, name: string) =>
  job.report.counts.find((c) => c.name === name)?.value ?? 0;
export const isRunning = (status: string | undefined) => status === 'QUEUED' || status === 'RUNNING';

/**
 * An import's job whose status says it ended (the live stream writes the status) but whose report
 * and next steps are still those read while it ran: it has no finishing time yet.
 */
export const endedUnread = (job: Pick<ImportJobFieldsFragment, 'status' | 'finishedAt'>) =>
  !isRunning(job.status) && !job.finishedAt;

/** The job of an import (a dry run, its apply or its undo), read and kept fresh while it runs. */
export function useImportJob(jobId: string) {
  useLiveJob(jobId, true);
  const query = useQuery(importJobDocument, { variables: { id: jobId }, fetchPolicy: 'cache-and-network' });
  const { refetch } = query;
  // Its counts and what may be done with it change when it ends: read them once more then. Told by
  // the job itself, not by a change of status seen here, so an end met while the server was out of
  // reach (a restart) is read too.
  const job = query.data?.job;
  const unread = job ? endedUnread(job) : false;
  useEffect(() => {
    if (unread) void refetch();
  }, [unread, refetch]);
  return query;
}
