import { useMutation } from '@apollo/client/react';
import { graphql } from '../../../gql';

/** Deletes a tax rate. */
export const taxRateDeleteDocument = graphql(`
  mutation TaxRateDelete($id: ID!) {
    taxRateDelete(id: $id) {
      taxRate {
        id
        countryCode
        countryName
        region
        rate
        name
        version
      }
      userErrors {
        ...UserErrorFields
        relatedId
      }
    }
  }
`);

export function useTaxRateDeleteMutation() {
  return useMutation(taxRateDeleteDocument, { refetchQueries: ['TaxRates'] });
}
