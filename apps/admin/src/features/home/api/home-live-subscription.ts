import { graphql } from '../../../gql';

/** Changes to orders, products and stock (each only of a kind the person may read): Home refetches its counts. */
export const storeChangedDocument = graphql(`
  subscription StoreChangedLive {
    storeChanged {
      eventId
      type
    }
  }
`);
