import { useSubscription } from '@apollo/client/react';
import { graphql } from '../../../gql';

/**
 * One job's changes as each step commits (issue #28 §3). The job comes back with its id, so Apollo
 * writes it into the cache and every screen showing that job (the jobs list, a screen's progress
 * card) redraws without asking again.
 */
export const jobUpdatedDocument = graphql(`
  subscription JobUpdated($id: ID!) {
    jobUpdated(id: $id) {
      eventId
      job {
        ...JobFields
      }
    }
  }
`);

/** At most this many jobs are followed live at once (each is a stream; the rest are asked for). */
export const MAX_FOLLOWED_JOBS = 3;

/** Follows a queued or running job live while `follow` holds. */
export function useFollowJob(id: string | null, follow: boolean) {
  useSubscription(jobUpdatedDocument, { variables: { id: id ?? '' }, skip: !id || !follow });
}
