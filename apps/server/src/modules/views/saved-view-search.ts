import {
  checkSearch,
  parseSearch,
  SearchSyntaxError,
  type SavedViewResource,
  type SearchFields,
} from '@stockroom/domain';

/**
 * Each list's search fields, so a view's search is checked by the list's own rules (SPEC §7.4).
 * The views module knows no other module: the composition root plugs the fields in (app/schema.ts).
 */
let plugged: Partial<Record<SavedViewResource, SearchFields>> = {};

export function plugSavedViewSearchFields(fields: Partial<Record<SavedViewResource, SearchFields>>): void {
  plugged = fields;
}

/** Why a view's search is not one its list understands, in the parser's words; null when fine. */
export function savedViewSearchProblem(resource: SavedViewResource, query: string): string | null {
  if (!query.trim()) return null;
  try {
    const node = parseSearch(query);
    const fields = plugged[resource];
    if (!fields) return null;
    const checked = checkSearch(node, fields);
    return checked.ok ? null : checked.problem.message;
  } catch (e) {
    if (e instanceof SearchSyntaxError) return e.message;
    throw e;
  }
}
