const SM = 'var(--mantine-font-size-sm)';

/**
 * Units available across locations; "Not tracked" when no variant tracks stock; red at 0 or below.
 * A plain span, not Mantine's Text: it is drawn in every row of the product list.
 */
export function StockSummary({
  available,
  variantCount,
}: {
  available: number | null | undefined;
  variantCount: number;
}) {
  const variants = `${variantCount} ${variantCount === 1 ? 'variant' : 'variants'}`;
  if (available === null || available === undefined) {
    return <span style={{ fontSize: SM, color: 'var(--mantine-color-dimmed)' }}>Not tracked</span>;
  }
  return (
    <span
      style={
        available <= 0
          ? { fontSize: SM, color: 'var(--mantine-color-red-9)', fontWeight: 600 }
          : { fontSize: SM }
      }
      title={`Available across all locations, ${variants}`}
    >
      {available.toLocaleString()} in stock
    </span>
  );
}
