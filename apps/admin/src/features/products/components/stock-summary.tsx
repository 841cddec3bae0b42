import { Text } from '@mantine/core';

/** Units available across locations; "Not tracked" when no variant tracks stock; red at 0 or below. */
export function StockSummary({
  available,
  variantCount,
}: {
  available: number | null | undefined;
  variantCount: number;
}) {
  const variants = `${variantCount} ${variantCount === 1 ? 'variant' : 'variants'}`;
  if (available === null || available === undefined) {
    return (
      <Text size="sm" c="dimmed" span>
        Not tracked
      </Text>
    );
  }
  return (
    <Text
      size="sm"
      span
      c={available <= 0 ? 'red.9' : undefined}
      fw={available <= 0 ? 600 : undefined}
      title={`Available across all locations, ${variants}`}
    >
      {available.toLocaleString()} in stock
    </Text>
  );
}
