// Variable sets for list scenarios: several searches, each followed page by page through its cursors.

/** `pages` pages of `document` for each query in `queries` (null: no search), as variable sets. */
export async function pagesOf(gql, field, document, queries, pages, first = 50) {
  const sets = [];
  for (const query of queries) {
    let after = null;
    for (let i = 0; i < pages; i++) {
      const variables = { ...(query === null ? {} : { query }), first, ...(after ? { after } : {}) };
      const { body } = await gql(document, variables);
      if (body.errors)
        throw new Error(`${field} ${JSON.stringify(variables)}: ${JSON.stringify(body.errors)}`);
      sets.push(variables);
      const info = body.data[field].pageInfo;
      if (!info.hasNextPage) break;
      after = info.endCursor;
    }
  }
  return sets;
}

/** Words that occur in these titles: the first word, and the first two, of every few. */
export function wordsOf(titles, n) {
  const words = new Set();
  for (const [i, title] of titles.entries()) {
    const parts = title.toLowerCase().split(/\s+/);
    words.add(i % 2 ? parts[0] : parts.slice(0, 2).join(' '));
    if (words.size >= n) break;
  }
  return [...words];
}
