// Every read scenario of the bench, in the order it runs them; `gql(query, variables)` answers
// { body } (the parsed GraphQL response). Used by bench/run.mjs and by the API test that runs each
// scenario's requests once (apps/server/test/app/bench-scenarios.api.test.ts).
import { customerScenarios } from './customers.mjs';
import { homeScenarios } from './home.mjs';
import { inventoryScenarios } from './inventory.mjs';
import { orderScenarios } from './orders.mjs';
import { productScenarios } from './products.mjs';

export async function readScenarios(gql) {
  return [
    ...(await homeScenarios()),
    ...(await productScenarios(gql)),
    ...(await customerScenarios(gql)),
    ...(await inventoryScenarios(gql)),
    ...(await orderScenarios(gql)),
  ];
}
