import { useDocumentTitle } from '@mantine/hooks';
import { useParams } from 'react-router';
import { useSession } from '../../../lib/session-context';
import { useNeighbourKeys } from '../../../lib/record-neighbours';
import { DataView } from '../../../components/data-view';
import { NotFoundState } from '../../../components/not-found-state';
import { useProductQuery } from '../api/product-query';
import { EditorSkeleton } from '../components/editor-skeleton';
import { ProductEditor } from '../components/product-editor';

/** `/products/:productId`: the product editor for an existing product. */
export function ProductRoute() {
  const { productId = '' } = useParams();
  const { can } = useSession();
  useNeighbourKeys('/products', productId);
  const query = useProductQuery(productId);
  const product = (query.data ?? query.previousData)?.product;
  useDocumentTitle(`${product?.title ?? 'Product'} · Stockroom`);

  return (
    <DataView query={query} skeleton={<EditorSkeleton />} thing="product">
      {(data) =>
        data.product ? (
          <ProductEditor
            key={data.product.id}
            product={data.product}
            currencyCode={data.shop.currencyCode}
            weightUnit={data.shop.weightUnit}
            categories={data.categories}
            locations={data.locations}
            canWrite={can('CATALOG_WRITE')}
            reload={async () => (await query.refetch()).data?.product ?? null}
          />
        ) : (
          <NotFoundState thing="product" headingOrder={1} />
        )
      }
    </DataView>
  );
}
