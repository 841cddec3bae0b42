import { useQuery } from '@apollo/client/react';
import { graphql } from '../../../gql';

/** What documents print; every signed-in person may read it. The store's name and address are the fallbacks. */
export const documentSettingsDocument = graphql(`
  query DocumentSettings {
    documentSettings {
      ...DocumentSettingsFields
    }
    shop {
      name
      timezone
    }
  }
`);

export const documentSettingsFieldsFragment = graphql(`
  fragment DocumentSettingsFields on DocumentSettings {
    legalName
    taxId
    invoiceNumberFormat
    creditNoteNumberFormat
    paperSize
    packingSlipLayout
    hidePricesOnPackingSlips
    footerNote
    logoDataUrl
    version
    updatedAt
    address {
      company
      line1
      line2
      city
      region
      postalCode
      countryCode
      phone
    }
  }
`);

export function useDocumentSettingsQuery() {
  return useQuery(documentSettingsDocument, { notifyOnNetworkStatusChange: true });
}

/** Real orders to preview documents on: the newest one, and the newest with something left to ship. */
export const documentPreviewOrdersDocument = graphql(`
  query DocumentPreviewOrders {
    newest: orders(first: 1, sortKey: CREATED_AT) {
      nodes {
        id
        name
      }
    }
    toShip: orders(first: 1, sortKey: CREATED_AT, query: "-fulfillment_status:fulfilled -status:cancelled") {
      nodes {
        id
        name
      }
    }
  }
`);

export function useDocumentPreviewOrdersQuery(skip: boolean) {
  return useQuery(documentPreviewOrdersDocument, { skip });
}
