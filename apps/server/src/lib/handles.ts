import { slugify, DomainError } from '@stockroom/domain';

export type HandleKind = 'product' | 'category' | 'collection';

/** The handle asked for: the one given, else one made from the title (the kind's name when the title has no letters). */
export function handleBase(given: string | null, title: string, kind: HandleKind): string {
  return given ?? (slugify(title) || kind);
}

/**
 * SPEC §5 handles: the base when free (TAKEN when it was given and another record of the kind has
 * it), else the base with -2, -3 … on collision. `taken` holds the other records' handles that equal
 * the base or start with `base-`.
 */
export function freeHandle(
  base: string,
  given: string | null,
  kind: HandleKind,
  taken: ReadonlySet<string>,
): string {
  if (!taken.has(base)) return base;
  if (given)
    throw DomainError.one('TAKEN', `The handle "${given}" is already used by another ${kind}.`, [
      'input',
      'handle',
    ]);
  for (let n = 2; ; n++) if (!taken.has(`${base}-${n}`)) return `${base}-${n}`;
}
