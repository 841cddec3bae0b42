import { useMutation } from '@apollo/client/react';
import { graphql } from '../../../gql';

/** Adds a tax rate for a country (and region). */
export const taxRateCreateDocument = graphql(`
  mutation TaxRateCreate($input: TaxRateInput!) {
    taxRateCreate(input: $input) {
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

export function useTaxRateCreateMutation() {
  return useMutation(taxRateCreateDocument, { refetchQueries: ['TaxRates'] });
}
