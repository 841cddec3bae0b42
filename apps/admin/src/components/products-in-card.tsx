import { Anchor, SimpleGrid, Skeleton, Stack } from '@mantine/core';
import { useQuery } from '@apollo/client/react';
import { useState } from 'react';
import { Link } from 'react-router';
import { graphql } from '../gql';
import { DataView } from './data-view';
import { ListPager } from './list-pager';
import { ProductLine } from './product-line';
import { SectionCard } from './section-card';

/** How many products a page of the card shows. */
export const PRODUCTS_IN_PAGE = 24;

/** One page of the products a search finds, by title, for a category's or a collection's page. */
export const productsInDocument = graphql(`
  query ProductsIn($query: String!, $first: Int, $after: String, $last: Int, $before: String) {
    products(query: $query, sortKey: TITLE, first: $first, after: $after, last: $last, before: $before) {
      nodes {
        id
        title
        status
        vendor
        media {
          id
          alt
          thumbnailUrl(size: SMALL)
        }
      }
      pageInfo {
        ...PageInfoFields
      }
      count {
        ...CountFields
      }
      userErrors {
        ...UserErrorFields
      }
    }
  }
`);

interface ProductsInCardProps {
  title: string;
  description?: string;
  /** The product search that selects them, e.g. `category:linen`. */
  search: string;
  /** What to say when there are none. */
  emptyText: string;
  testId?: string;
}

/**
 * The products of a category or collection, paged by keyset (SPEC §7.2) with Previous and Next,
 * every one of them reachable, and a link to the product list filtered the same way.
 */
export function ProductsInCard({ title, description, search, emptyText, testId }: ProductsInCardProps) {
  const [cursor, setCursor] = useState<{ after: string | null; before: string | null }>({
    after: null,
    before: null,
  });
  const query = useQuery(productsInDocument, {
    variables: cursor.before
      ? { query: search, last: PRODUCTS_IN_PAGE, before: cursor.before }
      : { query: search, first: PRODUCTS_IN_PAGE, after: cursor.after },
    notifyOnNetworkStatusChange: true,
    // After a save the same search may select other products: ask again, showing the last answer meanwhile.
    fetchPolicy: 'cache-and-network',
  });
  return (
    <SectionCard
      title={title}
      description={
        <>
          {description && <>{description} </>}
          <Anchor
            component={Link}
            to={`/products?q=${encodeURIComponent(search)}`}
            size="sm"
            underline="always"
          >
            Open them in the product list
          </Anchor>
        </>
      }
      testId={testId}
    >
      <DataView
        query={query}
        keepPrevious
        skeleton={<Skeleton height={120} radius="sm" />}
        isEmpty={(data) => data.products.nodes.length === 0}
        empty={{ title: 'No products yet', description: emptyText }}
      >
        {(data) => (
          <Stack gap="sm">
            <SimpleGrid
              cols={{ base: 1, sm: 2 }}
              spacing="md"
              verticalSpacing={8}
              component="ul"
              m={0}
              p={0}
              style={{ listStyle: 'none' }}
            >
              {data.products.nodes.map((product) => (
                <li key={product.id} data-testid="listed-product">
                  <Anchor
                    component={Link}
                    to={`/products/${product.id}`}
                    underline="never"
                    c="inherit"
                    display="flex"
                  >
                    <ProductLine product={product} />
                  </Anchor>
                </li>
              ))}
            </SimpleGrid>
            <ListPager
              pageInfo={data.products.pageInfo}
              count={data.products.count}
              noun="product"
              onPage={setCursor}
            />
          </Stack>
        )}
      </DataView>
    </SectionCard>
  );
}
