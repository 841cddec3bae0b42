import { useEffect, useMemo, useRef } from 'react';
import type { SavedViewFieldsFragment, SavedViewResource } from '../gql/graphql';
import type { ListParams } from '../lib/list-params';
import type { ListSorting } from '../lib/list-sorting';
import { paramsOfView, sameAsView, urlIsBare, viewOfParams } from '../lib/saved-view-url';
import { useSavedViewsQuery } from './saved-views-query';

export type SavedViewItem = SavedViewFieldsFragment;

export interface SavedViews {
  resource: SavedViewResource;
  /** Shared views first, then the viewer's own (as the API orders them). */
  views: readonly SavedViewItem[];
  /** The view named by `?view=`, once loaded. */
  selected: SavedViewItem | null;
  /** Whether the URL shows something other than the selected view (or no view is selected). */
  changed: boolean;
  /** Shows a view: its search, sort and columns in the URL, with `view=`. */
  select: (view: SavedViewItem) => void;
  /** What the URL shows, as a view keeps it. */
  current: () => ReturnType<typeof viewOfParams>;
  sorting: ListSorting<string> | null;
  params: ListParams;
}

/**
 * A list's saved views (SPEC §2 `view=`): `?view=<id>` selects one and puts its search, sort and
 * columns in the URL, so reloading or sharing shows the same; a URL naming only the view is filled
 * in from it; a list opened with nothing in its URL opens on the viewer's default view.
 */
export function useSavedViews<K extends string>(
  resource: SavedViewResource,
  params: ListParams,
  sorting: ListSorting<K> | null,
): SavedViews {
  const query = useSavedViewsQuery(resource, false);
  const views = useMemo(() => query.data?.savedViews ?? [], [query.data]);
  const viewId = params.get('view');
  const selected = views.find((v) => v.id === viewId) ?? null;
  const loaded = query.data !== undefined;
  const opened = useRef(false);
  const list = sorting as ListSorting<string> | null;

  useEffect(() => {
    if (!loaded || opened.current) return;
    opened.current = true;
    // First paint of the list: a bare `?view=` is filled in; a bare list opens on the default view.
    const bare = urlIsBare(params) && !params.after && !params.before;
    if (!bare) return;
    const view = viewId ? selected : views.find((v) => v.isDefault);
    if (view) params.update({ view: view.id, ...paramsOfView(view, list) }, { replace: true });
  }, [loaded, params, viewId, selected, views, list]);

  return {
    resource,
    views,
    selected,
    changed: selected ? !sameAsView(params, selected, list) : true,
    select: (view) => params.update({ view: view.id, ...paramsOfView(view, list) }),
    current: () => viewOfParams(params, list),
    sorting: list,
    params,
  };
}
