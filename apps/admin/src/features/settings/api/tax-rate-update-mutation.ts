import { useMutation } from '@apollo/client/react';
import { graphql } from '../../../gql';

/** Changes a tax rate. */
export const taxRateUpdateDocument = graphql(`
  mutation TaxRateUpdate($id: ID!, $input: TaxRateInput!) {
    taxRateUpdate(id: $id, input: $input) {
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

export function useTaxRateUpdateMutation() {
  return useMutation(taxRateUpdateDocument, { refetchQueries: ['TaxRates'] });
}
