import { useQuery, useSubscription } from '@apollo/client/react';
import { graphql } from '../gql';

/** What a screen that started a job shows of it, asked for alike by the start, the read and the stream. */
graphql(`
  fragment LiveJobFields on Job {
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

const liveJobDocument = graphql(`
  query LiveJob($id: ID!) {
    job(id: $id) {
      ...LiveJobFields
    }
  }
`);

/** The job as each of its steps commits (written into the cache by its id). */
const liveJobUpdatedDocument = graphql(`
  subscription LiveJobUpdated($id: ID!) {
    jobUpdated(id: $id) {
      eventId
      job {
        ...LiveJobFields
      }
    }
  }
`);

/** How often a followed job is asked for anyway (what the stream could have missed while opening). */
const SAFETY_POLL_MS = 5_000;

/** A job this screen started, followed live while it runs (jobUpdated writes the job into the cache). */
export function useLiveJob(id: string | null, running: boolean) {
  useSubscription(liveJobUpdatedDocument, { variables: { id: id ?? '' }, skip: !id || !running });
  return useQuery(liveJobDocument, {
    variables: { id: id ?? '' },
    skip: !id,
    fetchPolicy: 'cache-and-network',
    // A step that committed before the stream opened is not sent again: a slow look-again covers it.
    pollInterval: running ? SAFETY_POLL_MS : 0,
  });
}
