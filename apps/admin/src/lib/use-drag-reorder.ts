import './drag-reorder.css';
import { useState, type DragEvent } from 'react';

export interface DragItemProps {
  draggable: true;
  onDragStart: (event: DragEvent<HTMLElement>) => void;
  onDragEnd: () => void;
  onDragOver: (event: DragEvent<HTMLElement>) => void;
  onDrop: (event: DragEvent<HTMLElement>) => void;
  'data-dragging'?: true;
  'data-drop-target'?: true;
}

/** `items` with the one at `from` moved to `to`. */
export function moveItem<T>(items: readonly T[], from: number, to: number): T[] {
  const next = [...items];
  const [moved] = next.splice(from, 1);
  if (moved === undefined) return next;
  next.splice(to, 0, moved);
  return next;
}

/**
 * Drag to reorder a list with the browser's own drag and drop (no extra download). Pointer only:
 * every list that uses it also has Move up / Move down buttons for the keyboard.
 */
export function useDragReorder(onMove: (from: number, to: number) => void) {
  const [dragging, setDragging] = useState<number | null>(null);
  const [over, setOver] = useState<number | null>(null);

  const itemProps = (index: number): DragItemProps => ({
    draggable: true,
    onDragStart: (event) => {
      event.dataTransfer.effectAllowed = 'move';
      event.dataTransfer.setData('text/plain', String(index));
      setDragging(index);
    },
    onDragEnd: () => {
      setDragging(null);
      setOver(null);
    },
    onDragOver: (event) => {
      if (dragging === null) return;
      event.preventDefault();
      event.dataTransfer.dropEffect = 'move';
      if (over !== index) setOver(index);
    },
    onDrop: (event) => {
      event.preventDefault();
      const from = dragging;
      setDragging(null);
      setOver(null);
      if (from !== null && from !== index) onMove(from, index);
    },
    ...(dragging === index ? { 'data-dragging': true as const } : {}),
    ...(over === index && dragging !== index ? { 'data-drop-target': true as const } : {}),
  });

  return { itemProps };
}
