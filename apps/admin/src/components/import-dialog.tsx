import { IconFileImport } from '@tabler/icons-react';
import type { ImportDialogProps } from './import-dialog-body';
import { lazyDialog } from './lazy-dialog';

export type { ImportDialogProps };

// The dialog (upload, report, apply and their Mantine parts) downloads at first use.
const importDialog = lazyDialog<Omit<ImportDialogProps, 'onClose'>>({
  label: 'Import',
  icon: <IconFileImport size={16} aria-hidden />,
  load: async () => (await import('./import-dialog-body')).ImportDialog,
});

/**
 * A list header's "Import": a CSV's dry run, its report, then Apply. Shown only to people who may
 * import this kind (its write permission and DATA_IMPORT).
 */
export const ImportButton = importDialog.OpenButton;

/** The dialog itself, downloaded when first shown (the job page opens it to run a dry run again). */
export const LazyImportDialog = importDialog.Dialog;

/** Who may import each kind (SPEC §6; the server checks the same). */
export const IMPORT_PERMISSIONS = {
  PRODUCTS: ['CATALOG_READ', 'CATALOG_WRITE', 'DATA_IMPORT'],
  INVENTORY: ['CATALOG_READ', 'INVENTORY_WRITE', 'DATA_IMPORT'],
  CUSTOMERS: ['CUSTOMERS_READ', 'CUSTOMERS_WRITE', 'DATA_IMPORT'],
} as const;
