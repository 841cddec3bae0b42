import { IconFileExport } from '@tabler/icons-react';
import type { ExportDialogProps } from './export-dialog-body';
import { lazyDialog } from './lazy-dialog';

export type { ExportDialogProps };

// The dialog (its column chooser, job progress and their Mantine parts) downloads at first use.
const exportDialog = lazyDialog<ExportDialogProps>({
  label: 'Export',
  icon: <IconFileExport size={16} aria-hidden />,
  load: async () => (await import('./export-dialog-body')).ExportDialog,
});

/**
 * A list header's "Export": the current search or everything, the columns to write (all by
 * default), then the job's progress live and its download. Shown only to people who may export.
 */
export const ExportButton = exportDialog.OpenButton;

/** A list's count as the dialog says it: "1,234", or "10,000+" when the list stopped counting. */
export function exportCountLabel(
  count: { value: number; precision: string } | null | undefined,
): string | null {
  if (!count) return null;
  return `${count.value.toLocaleString('en-US')}${count.precision === 'AT_LEAST' ? '+' : ''}`;
}
