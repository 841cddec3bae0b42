import { useMutation } from '@apollo/client/react';
// The shell's own operations are .graphql files beside this one, generated into shell.generated.ts
// (see codegen.ts): the first download carries them and not every document of every screen.
import { LogoutDocument } from './shell.generated';

/** Ends the current session. */
export const logoutDocument = LogoutDocument;

export function useLogoutMutation() {
  return useMutation(logoutDocument);
}
