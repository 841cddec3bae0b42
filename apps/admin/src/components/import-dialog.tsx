import { Button } from '@mantine/core';
import { IconFileImport } from '@tabler/icons-react';
import { lazy, Suspense, useState } from 'react';
import type { ImportDialogProps } from './import-dialog-body';

// The dialog (upload, report, apply and their Mantine parts) downloads at first use, not with the
// list's first load (e2e/bundle-budget.test.ts).
const ImportDialog = lazy(async () => ({ default: (await import('./import-dialog-body')).ImportDialog }));

export type { ImportDialogProps };

/**
 * A list header's "Import": a CSV's dry run, its report, then Apply. Shown only to people who may
 * import this kind (its write permission and DATA_IMPORT).
 */
export function ImportButton(props: Omit<ImportDialogProps, 'onClose'>) {
  const [opened, setOpened] = useState(false);
  return (
    <>
      <Button
        variant="default"
        leftSection={<IconFileImport size={16} aria-hidden />}
        onClick={() => setOpened(true)}
      >
        Import
      </Button>
      {opened && <LazyImportDialog {...props} onClose={() => setOpened(false)} />}
    </>
  );
}

/** The dialog itself, downloaded when first shown (the job page opens it to run a dry run again). */
export function LazyImportDialog(props: ImportDialogProps) {
  return (
    <Suspense fallback={null}>
      <ImportDialog {...props} />
    </Suspense>
  );
}

/** Who may import each kind (SPEC §6; the server checks the same). */
export const IMPORT_PERMISSIONS = {
  PRODUCTS: ['CATALOG_READ', 'CATALOG_WRITE', 'DATA_IMPORT'],
  INVENTORY: ['CATALOG_READ', 'INVENTORY_WRITE', 'DATA_IMPORT'],
  CUSTOMERS: ['CUSTOMERS_READ', 'CUSTOMERS_WRITE', 'DATA_IMPORT'],
} as const;
