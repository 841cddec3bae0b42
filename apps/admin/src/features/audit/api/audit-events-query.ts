import { useQuery } from '@apollo/client/react';
import { graphql } from '../../../gql';
import type { AuditEventsQueryVariables } from '../../../gql/graphql';

/** One page of the audit log, newest first, for a search. */
export const auditEventsDocument = graphql(`
  query AuditEvents($query: String, $first: Int, $after: String, $last: Int, $before: String) {
    shop {
      currencyCode
    }
    auditEvents(query: $query, first: $first, after: $after, last: $last, before: $before) {
      nodes {
        id
        action
        actorType
        actorName
        subjectType
        subjectId
        subjectLabel
        ip
        createdAt
        revertable
        changes {
          field
          before
          after
          beforeText
          afterText
        }
      }
      pageInfo {
        hasNextPage
        hasPreviousPage
        startCursor
        endCursor
      }
      count {
        value
        precision
      }
      userErrors {
        ...UserErrorFields
      }
    }
  }
`);

export function useAuditEventsQuery(variables: AuditEventsQueryVariables) {
  return useQuery(auditEventsDocument, { variables, notifyOnNetworkStatusChange: true });
}
