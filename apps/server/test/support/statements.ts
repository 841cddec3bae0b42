/**
 * The statements one request costs on the test server: the least of three tries (a session or
 * settings read may expire between them).
 */
export async function statementsOf(
  database: { queryCount(): number },
  send: () => Promise<unknown>,
): Promise<number> {
  const costs: number[] = [];
  for (let i = 0; i < 3; i++) {
    const before = database.queryCount();
    await send();
    costs.push(database.queryCount() - before);
  }
  return Math.min(...costs);
}
