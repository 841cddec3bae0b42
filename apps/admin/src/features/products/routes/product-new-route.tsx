import { useDocumentTitle } from '@mantine/hooks';
import { useSession } from '../../../lib/session-context';
import { DataView } from '../../../components/data-view';
import { Alert } from '@mantine/core';
import { useProductNewQuery } from '../api/product-new-query';
import { ProductEditor } from '../components/product-editor';
import { EditorSkeleton } from '../components/editor-skeleton';

/** `/products/new`: the editor for a product not saved yet. */
export function ProductNewRoute() {
  useDocumentTitle('New product · Stockroom');
  const { can } = useSession();
  const query = useProductNewQuery();
  if (!can('CATALOG_WRITE')) {
    return (
      <Alert color="red" variant="light" title="You can't add products" role="alert">
        You don't have permission to create products. Ask a staff manager for CATALOG_WRITE.
      </Alert>
    );
  }
  return (
    <DataView query={query} skeleton={<EditorSkeleton />}>
      {(data) => (
        <ProductEditor
          product={null}
          currencyCode={data.shop.currencyCode}
          weightUnit={data.shop.weightUnit}
          categories={data.categories}
          locations={data.locations}
          canWrite
          reload={() => Promise.resolve(null)}
        />
      )}
    </DataView>
  );
}
