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

/** Returned units kept aside as damaged at this level (never sellable); nothing when there are none. */
export function DamagedBadge({ level }: { level: Pick<LevelRow, 'damaged'> }) {
  if (level.damaged <= 0) return null;
  return (
    <Badge
      color="grape"
      variant="light"
      size="sm"
      tt="none"
      style={{ flexShrink: 0, overflow: 'visible' }}
      title="Returned units kept aside as damaged: not on hand, never sold"
      data-testid="damaged-badge"
    >
      {level.damaged.toLocaleString()} damaged
    </Badge>
  );
}
