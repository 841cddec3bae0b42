import { useMutation, useQuery } from '@apollo/client/react';
import { graphql } from '../../../gql';

/** The order's invoice and its credit notes, apart from OrderFields (whose query cost is near the limit). */
export const orderInvoicesDocument = graphql(`
  query OrderInvoices($id: ID!) {
    order(id: $id) {
      id
      invoices {
        ...InvoiceFields
      }
    }
  }
`);

export const invoiceFieldsFragment = graphql(`
  fragment InvoiceFields on Invoice {
    id
    number
    issuedAt
    staffName
    downloadUrl
    total {
      amount
      currencyCode
    }
    creditNotes {
      id
      number
      issuedAt
      downloadUrl
      total {
        amount
        currencyCode
      }
    }
  }
`);

export const invoiceIssueDocument = graphql(`
  mutation InvoiceIssue($orderId: ID!, $idempotencyKey: String!) {
    invoiceIssue(orderId: $orderId, idempotencyKey: $idempotencyKey) {
      invoice {
        ...InvoiceFields
      }
      userErrors {
        ...UserErrorFields
      }
    }
  }
`);

export function useOrderInvoicesQuery(id: string) {
  return useQuery(orderInvoicesDocument, { variables: { id }, fetchPolicy: 'cache-and-network' });
}

export function useInvoiceIssueMutation() {
  return useMutation(invoiceIssueDocument);
}
