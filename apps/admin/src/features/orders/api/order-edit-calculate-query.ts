import { useQuery } from '@apollo/client/react';
import { graphql } from '../../../gql';
import type { OrderEditChangesInput } from '../../../gql/graphql';

/** The order as the edit would leave it, without changing it: the same computation orderEdit uses. */
export const orderEditCalculateDocument = graphql(`
  query OrderEditCalculate($orderId: ID!, $changes: OrderEditChangesInput!) {
    orderEditCalculate(orderId: $orderId, changes: $changes) {
      calculation {
        ...OrderEditCalculationFields
      }
      userErrors {
        ...UserErrorFields
      }
    }
  }
`);

export const orderEditCalculationFieldsFragment = graphql(`
  fragment OrderEditCalculationFields on OrderEditCalculation {
    subtotal {
      amount
      currencyCode
    }
    discountTotal {
      amount
      currencyCode
    }
    shippingTotal {
      amount
      currencyCode
    }
    taxTotal {
      amount
      currencyCode
    }
    total {
      amount
      currencyCode
    }
    previousTotal {
      amount
      currencyCode
    }
    shippingLine {
      name
    }
    discountCode
    discountMinimumNotMet
    stockChanges {
      sku
      title
      quantity
      location {
        id
        name
      }
    }
    totalPaid {
      amount
      currencyCode
    }
    outstanding {
      amount
      currencyCode
    }
    suggestedRefund {
      amount
      currencyCode
    }
    totalCapturable {
      amount
      currencyCode
    }
  }
`);

export function useOrderEditCalculateQuery(
  orderId: string,
  changes: OrderEditChangesInput,
  /** Nothing changed yet: nothing to work out (the server would only say "Nothing to change."). */
  skip = false,
) {
  return useQuery(orderEditCalculateDocument, {
    variables: { orderId, changes },
    skip,
    // The figures follow stock and payments others change; the old ones stay shown while new ones load.
    fetchPolicy: 'network-only',
    notifyOnNetworkStatusChange: true,
  });
}
