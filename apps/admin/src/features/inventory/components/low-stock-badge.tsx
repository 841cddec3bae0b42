import { Badge } from '@mantine/core';
import type { LevelRow } from './level-row';

/** Out of stock (red) or low (orange); nothing when there is enough. */
export function LowStockBadge({ level }: { level: Pick<LevelRow, 'available' | 'lowStock'> }) {
  if (level.available <= 0) {
    return (
      <Badge color="red" variant="dot" size="sm" style={{ flexShrink: 0, overflow: 'visible' }}>
        Out of stock
      </Badge>
    );
  }
  if (!level.lowStock) return null;
  return (
    <Badge color="orange" variant="dot" size="sm" style={{ flexShrink: 0, overflow: 'visible' }}>
      Low stock
    </Badge>
  );
}
