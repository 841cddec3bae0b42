import { Center, Loader } from '@mantine/core';
import { lazy, Suspense } from 'react';
import type { BulkTagsFormProps } from './bulk-tags-form-body';

export type { BulkTagsFormProps, BulkTagsValues } from './bulk-tags-form-body';

/**
 * The form, its rules (zod) and react-hook-form are fetched when a bulk dialog first opens, not with
 * the list screens that offer it (issue 15 item 6: ~40 KB gzipped off the first load of a list).
 */
const Body = lazy(async () => ({ default: (await import('./bulk-tags-form-body')).BulkTagsForm }));

/** The tags to add to, or remove from, every selected record (customers, products, orders). */
export function BulkTagsForm(props: BulkTagsFormProps) {
  return (
    <Suspense
      fallback={
        <Center py="md">
          <Loader size="sm" aria-label="Loading" />
        </Center>
      }
    >
      <Body {...props} />
    </Suspense>
  );
}
