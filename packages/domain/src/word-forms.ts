/**
 * Other forms of a typed word that a search should also find. PostgreSQL's English stemmer already
 * maps most plurals onto their singular ("shirts" → "shirt", "dresses" → "dress"), but not the
 * plurals that change their last consonant ("scarves" stems to "scarv", never "scarf"), nor the
 * irregular ones. Each form is then matched as a prefix, so "scarves" also finds "scarf", and
 * "knives" (→ "knif") finds "knife".
 */
const IRREGULAR: Record<string, string> = {
  men: 'man',
  women: 'woman',
  children: 'child',
  feet: 'foot',
  teeth: 'tooth',
  mice: 'mouse',
  geese: 'goose',
  people: 'person',
};

export function wordForms(word: string): string[] {
  const lower = word.toLowerCase();
  const forms = new Set([lower]);
  if (lower.length >= 6 && lower.endsWith('ves')) forms.add(`${lower.slice(0, -3)}f`);
  const irregular = IRREGULAR[lower];
  if (irregular) forms.add(irregular);
  return [...forms];
}
