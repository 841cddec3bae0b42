import { useQuery } from '@apollo/client/react';
import { graphql } from '../../../gql';

export const jobFieldsFragment = graphql(`
  fragment JobFields on Job {
    id
    kind
    kindLabel
    status
    failure
    query
    importMode
    importFile {
      name
      rows
    }
    cancelRequested
    canCancel
    resultName
    resultUrl
    resultExpiredMessage
    progress {
      done
      total
    }
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
    startedBy {
      type
      name
    }
    createdAt
    startedAt
    finishedAt
  }
`);

/** The jobs this person may read, newest first (a page of 20: each costs its report's bounds). */
export const jobsDocument = graphql(`
  query Jobs($after: String) {
    jobs(first: 20, after: $after) {
      nodes {
        ...JobFields
      }
      pageInfo {
        hasNextPage
        endCursor
      }
    }
  }
`);

/**
 * How often the list asks again while more jobs run than are followed live (MAX_FOLLOWED_JOBS), or
 * while live updates are paused.
 */
export const JOBS_POLL_MS = 1_500;
/** While every running job is followed live: a slow look-again for what a stream missed while opening. */
export const JOBS_SAFETY_POLL_MS = 5_000;

export function useJobsQuery() {
  return useQuery(jobsDocument, { fetchPolicy: 'cache-and-network', notifyOnNetworkStatusChange: false });
}
