import { useMutation, useQuery } from '@apollo/client/react';
import { graphql } from '../../../gql';

const auditExportStartDocument = graphql(`
  mutation AuditExportStart($query: String) {
    exportStart(input: { kind: EXPORT_AUDIT, query: $query }) {
      job {
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
      userErrors {
        ...UserErrorFields
      }
    }
  }
`);

const auditExportJobDocument = graphql(`
  query AuditExportJob($id: ID!) {
    job(id: $id) {
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
  }
`);

export function useAuditExportStart() {
  return useMutation(auditExportStartDocument);
}

/** While the export runs, its state every 1.5 s (the live subscription replaces this later). */
export function useAuditExportJob(id: string | null, polling: boolean) {
  return useQuery(auditExportJobDocument, {
    variables: { id: id ?? '' },
    skip: !id,
    pollInterval: polling ? 1_500 : 0,
    fetchPolicy: 'network-only',
  });
}
