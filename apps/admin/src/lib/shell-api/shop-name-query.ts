import { useQuery } from '@apollo/client/react';
// The shell's own operations are .graphql files beside this one, generated into shell.generated.ts
// (see codegen.ts): the first download carries them and not every document of every screen.
import { ShopNameDocument } from './shell.generated';

/** The store name for the header. */
export const shopNameDocument = ShopNameDocument;

export function useShopNameQuery() {
  return useQuery(shopNameDocument);
}
