import { Button } from '@mantine/core';
import { IconFileExport } from '@tabler/icons-react';
import { lazy, Suspense, useState } from 'react';
import type { ExportDialogProps } from './export-dialog-body';

// The dialog (its column chooser, job progress and their Mantine parts) downloads at first use,
// not with the list's first load (e2e/bundle-budget.test.ts).
const ExportDialog = lazy(async () => ({ default: (await import('./export-dialog-body')).ExportDialog }));

export type { ExportDialogProps };

/**
 * A list header's "Export": the current search or everything, the columns to write (all by
 * default), then the job's progress live and its download. Shown only to people who may export.
 */
export function ExportButton(props: ExportDialogProps) {
  const [opened, setOpened] = useState(false);
  return (
    <>
      <Button
        variant="default"
        leftSection={<IconFileExport size={16} aria-hidden />}
        onClick={() => setOpened(true)}
      >
        Export
      </Button>
      {opened && (
        <Suspense fallback={null}>
          <ExportDialog {...props} onClose={() => setOpened(false)} />
        </Suspense>
      )}
    </>
  );
}

/** A list's count as the dialog says it: "1,234", or "10,000+" when the list stopped counting. */
export function exportCountLabel(
  count: { value: number; precision: string } | null | undefined,
): string | null {
  if (!count) return null;
  return `${count.value.toLocaleString('en-US')}${count.precision === 'AT_LEAST' ? '+' : ''}`;
}
