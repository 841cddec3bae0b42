import { defaultSavedViewColumns, SAVED_VIEW_COLUMNS, type SavedViewResource } from '@stockroom/domain';
import { lazy, Suspense } from 'react';
import type { ListParams } from '../lib/list-params';
import { columnsOfParam } from '../lib/saved-view-url';

/** The columns a list shows: the URL's `cols=` (a view puts its own there), else the defaults. */
export function shownColumns(resource: SavedViewResource, params: Pick<ListParams, 'get'>): string[] {
  const known = new Set(SAVED_VIEW_COLUMNS[resource].map((c) => c.key));
  const chosen = columnsOfParam(params.get('cols')).filter((c) => known.has(c));
  return chosen.length ? chosen : defaultSavedViewColumns(resource);
}

const Chooser = lazy(async () => ({ default: (await import('./column-chooser')).ColumnChooser }));

/** The Columns chooser, downloaded after the list's first paint (e2e/bundle-budget.test.ts). */
export function ColumnChooser(props: { resource: SavedViewResource; params: ListParams }) {
  return (
    <Suspense fallback={null}>
      <Chooser {...props} />
    </Suspense>
  );
}
