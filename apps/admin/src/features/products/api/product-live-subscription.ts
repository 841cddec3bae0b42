import { graphql } from '../../../gql';

/** Changes to one product (its page's and its variants' "<name> changed this — reload"). */
export const productUpdatedDocument = graphql(`
  subscription ProductUpdatedLive($id: ID!) {
    productUpdated(id: $id) {
      eventId
      type
      byYou
      actorName
      version
    }
  }
`);
