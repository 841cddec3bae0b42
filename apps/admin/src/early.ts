/**
 * The page's first script: a small module the page runs before the app's own code has downloaded
 * (vite-plugins.ts `earlyRequests` puts it in the page, async). It asks at once for what the first
 * screen will ask for — who is signed in, the store's name and time zone, and on /products the
 * list's first page — so the answers are on their way while React, Mantine and Apollo load (issue 16
 * item 10). The app's requests for the same operations take these answers (lib/early-requests.ts).
 * Nothing here may import React, Apollo or Mantine: it would make this script as slow to arrive as
 * the app.
 */
import currentStaff from 'virtual:graphql-text/CurrentStaff';
import shopName from 'virtual:graphql-text/ShopName';
import products from 'virtual:graphql-text/Products';
import { askEarly } from './lib/early-requests';
import { firstPageRequest } from './lib/first-page';
import { productsFirstPage } from './features/products/api/products-first-page';

/** Pages a person opens signed out: nothing of the signed-in app's is worth asking for there. */
const SIGNED_OUT = /^\/(login|invite|reset)(\/|$)/;

if (!SIGNED_OUT.test(window.location.pathname)) {
  askEarly('CurrentStaff', currentStaff, {});
  // The header's store name, and the time zone every date on the first screen is shown in.
  askEarly('ShopName', shopName, {});
  // The list's first page, as its route's loader will ask for it (lib/first-page.ts).
  const list = firstPageRequest(productsFirstPage, window.location);
  if (list) askEarly(list.operationName, products, list.variables);
}
