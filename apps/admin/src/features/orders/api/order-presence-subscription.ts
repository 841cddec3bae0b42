import { graphql } from '../../../gql';

/** Who else has this order open (its page's avatars). */
export const orderPresenceDocument = graphql(`
  subscription OrderPresence($id: ID!) {
    presence(subjectId: $id) {
      staffId
      name
      since
    }
  }
`);
