import { useMutation } from '@apollo/client/react';
import { graphql } from '../../../gql';

/** Takes a return; the key makes a retried submit create one return. */
export const returnCreateDocument = graphql(`
  mutation ReturnCreate($input: ReturnCreateInput!) {
    returnCreate(input: $input) {
      ...ReturnPayloadFields
    }
  }
`);

export const returnOpenDocument = graphql(`
  mutation ReturnOpen($id: ID!) {
    returnOpen(id: $id) {
      ...ReturnPayloadFields
    }
  }
`);

export const returnCancelDocument = graphql(`
  mutation ReturnCancel($id: ID!) {
    returnCancel(id: $id) {
      ...ReturnPayloadFields
    }
  }
`);

export const returnCloseDocument = graphql(`
  mutation ReturnClose($id: ID!) {
    returnClose(id: $id) {
      ...ReturnPayloadFields
    }
  }
`);

/** Records what arrived; the key makes a retried submit record it once. */
export const returnReceiveDocument = graphql(`
  mutation ReturnReceive($id: ID!, $lines: [ReturnReceiveLineInput!]!, $idempotencyKey: String) {
    returnReceive(id: $id, lines: $lines, idempotencyKey: $idempotencyKey) {
      ...ReturnPayloadFields
    }
  }
`);

/** Pays the return back (or leaves what the customer owes on the order); once per key. */
export const returnSettleDocument = graphql(`
  mutation ReturnSettle($id: ID!, $refund: ReturnSettleRefundInput, $idempotencyKey: String) {
    returnSettle(id: $id, refund: $refund, idempotencyKey: $idempotencyKey) {
      ...ReturnPayloadFields
    }
  }
`);

export const useReturnCreateMutation = () => useMutation(returnCreateDocument);
export const useReturnOpenMutation = () => useMutation(returnOpenDocument);
export const useReturnCancelMutation = () => useMutation(returnCancelDocument);
export const useReturnCloseMutation = () => useMutation(returnCloseDocument);
export const useReturnReceiveMutation = () => useMutation(returnReceiveDocument);
export const useReturnSettleMutation = () => useMutation(returnSettleDocument);
