import { useQuery } from '@apollo/client/react';
// The shell's own operations are .graphql files beside this one, generated into shell.generated.ts
// (see codegen.ts): the first download carries them and not every document of every screen.
import { CurrentStaffDocument } from './shell.generated';

/** Who is signed in; null when nobody is. Every screen behind sign-in waits for this. */
export const currentStaffDocument = CurrentStaffDocument;

export function useCurrentStaffQuery() {
  return useQuery(currentStaffDocument, { notifyOnNetworkStatusChange: true });
}
