import { graphql } from '../../../gql';

/** Every new order as it commits (the order list's "N new orders — show"). */
export const orderCreatedDocument = graphql(`
  subscription OrderCreatedLive {
    orderCreated {
      eventId
      byYou
      actorName
      order {
        id
        name
      }
    }
  }
`);

/** Changes to one order (its page's "<name> changed this — reload"). */
export const orderUpdatedDocument = graphql(`
  subscription OrderUpdatedLive($id: ID!) {
    orderUpdated(id: $id) {
      eventId
      type
      byYou
      actorName
      version
    }
  }
`);
