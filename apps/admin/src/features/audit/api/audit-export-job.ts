import { useMutation, useQuery, useSubscription } from '@apollo/client/react';
import { graphql } from '../../../gql';

/** What the audit screen shows of its export, asked for alike by the start, the read and the stream. */
graphql(`
  fragment AuditExportJobFields on Job {
    id
    status
    progress {
      done
      total
    }
    resultUrl
    resultName
    failure
  }
`);

const auditExportStartDocument = graphql(`
  mutation AuditExportStart($query: String) {
    exportStart(input: { kind: EXPORT_AUDIT, query: $query }) {
      job {
        ...AuditExportJobFields
      }
      userErrors {
        ...UserErrorFields
      }
    }
  }
`);

const auditExportJobDocument = graphql(`
  query AuditExportJob($id: ID!) {
    job(id: $id) {
      ...AuditExportJobFields
    }
  }
`);

/** The export's job as each of its steps commits (written into the cache by its id). */
const auditExportJobUpdatedDocument = graphql(`
  subscription AuditExportJobUpdated($id: ID!) {
    jobUpdated(id: $id) {
      eventId
      job {
        ...AuditExportJobFields
      }
    }
  }
`);

/** How often a followed job is asked for anyway (what the stream could have missed while opening). */
const SAFETY_POLL_MS = 5_000;

export function useAuditExportStart() {
  return useMutation(auditExportStartDocument);
}

/** The export's state, followed live while it runs (jobUpdated writes the job into the cache). */
export function useAuditExportJob(id: string | null, running: boolean) {
  useSubscription(auditExportJobUpdatedDocument, { variables: { id: id ?? '' }, skip: !id || !running });
  return useQuery(auditExportJobDocument, {
    variables: { id: id ?? '' },
    skip: !id,
    fetchPolicy: 'cache-and-network',
    // A step that committed before the stream opened is not sent again: a slow look-again covers it.
    pollInterval: running ? SAFETY_POLL_MS : 0,
  });
}
