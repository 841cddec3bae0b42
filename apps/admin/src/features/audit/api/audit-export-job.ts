import { useMutation } from '@apollo/client/react';
import { graphql } from '../../../gql';

const auditExportStartDocument = graphql(`
  mutation AuditExportStart($query: String) {
    exportStart(input: { kind: EXPORT_AUDIT, query: $query }) {
      job {
        ...LiveJobFields
      }
      userErrors {
        ...UserErrorFields
      }
    }
  }
`);

export function useAuditExportStart() {
  return useMutation(auditExportStartDocument);
}
