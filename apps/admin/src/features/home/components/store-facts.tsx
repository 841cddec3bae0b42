import { SimpleGrid, Text } from '@mantine/core';
import type { HomeQuery } from '../../../gql/graphql';

interface StoreFactsProps {
  shop: HomeQuery['shop'];
}

/** The store's basic settings as a description list. */
export function StoreFacts({ shop }: StoreFactsProps) {
  const facts: [string, string][] = [
    ['Currency', shop.currencyCode],
    ['Time zone', shop.timezone],
    ['Order numbers', `${shop.orderNumberPrefix}1001, ${shop.orderNumberPrefix}1002, …`],
    ['Prices', shop.pricesIncludeTax ? 'Include tax' : 'Exclude tax'],
    ['Weights in', shop.weightUnit.toLowerCase()],
    ['Low-stock threshold', `${shop.lowStockThreshold} units`],
    ['Contact email', shop.contactEmail ?? 'Not set'],
  ];
  return (
    <SimpleGrid component="dl" cols={{ base: 1, xs: 2 }} spacing="sm" verticalSpacing="sm" m={0}>
      {facts.map(([term, value]) => (
        <div key={term}>
          <Text component="dt" size="sm" c="dimmed">
            {term}
          </Text>
          <Text component="dd" m={0} fw={500} style={{ overflowWrap: 'anywhere' }}>
            {value}
          </Text>
        </div>
      ))}
    </SimpleGrid>
  );
}
