import { Anchor, Badge, Group, Paper, Text } from '@mantine/core';
import { IconChevronRight, IconGripVertical } from '@tabler/icons-react';
import { useState, type CSSProperties, type DragEvent } from 'react';
import { Link } from 'react-router';
import type { CategoriesQuery } from '../../../gql/graphql';
import { buildCategoryTree, dropDestination, flattenTree, type DropPlace } from './category-tree';
import { MoveCategoryMenu } from './move-category-menu';
import { useCategoryMove } from './use-category-move';

type Category = CategoriesQuery['categories'][number];

interface CategoryTreeViewProps {
  categories: readonly Category[];
  canEdit: boolean;
}

function placeFor(event: DragEvent<HTMLElement>): DropPlace {
  const rect = event.currentTarget.getBoundingClientRect();
  const y = (event.clientY - rect.top) / rect.height;
  if (y < 0.25) return 'before';
  if (y > 0.75) return 'after';
  return 'inside';
}

const DROP_STYLE: Record<DropPlace, CSSProperties> = {
  before: { boxShadow: 'inset 0 3px 0 0 var(--mantine-primary-color-filled)' },
  after: { boxShadow: 'inset 0 -3px 0 0 var(--mantine-primary-color-filled)' },
  inside: { outline: '2px solid var(--mantine-primary-color-filled)', outlineOffset: -2 },
};

/**
 * The category tree. Drag a row onto the top or bottom edge of another to put it beside that one,
 * onto its middle to put it inside; the ⋯ menu does the same from the keyboard.
 */
export function CategoryTreeView({ categories, canEdit }: CategoryTreeViewProps) {
  const rows = flattenTree(buildCategoryTree(categories));
  const [dragging, setDragging] = useState<string | null>(null);
  const [over, setOver] = useState<{ id: string; place: DropPlace } | null>(null);
  const { move } = useCategoryMove();

  const drop = (target: Category, place: DropPlace) => {
    const moving = categories.find((c) => c.id === dragging);
    setDragging(null);
    setOver(null);
    if (!moving || moving.id === target.id) return;
    const destination = dropDestination(categories, moving.id, target.id, place);
    if (!destination) return;
    const where = place === 'inside' ? `inside ${target.name}` : `${place} ${target.name}`;
    void move(moving, destination, where);
  };

  return (
    <Paper
      withBorder
      radius="md"
      component="ul"
      p={4}
      m={0}
      style={{ listStyle: 'none' }}
      data-testid="category-tree"
      aria-label="Categories"
    >
      {rows.map(({ category, depth }) => {
        const dropStyle =
          over?.id === category.id && dragging !== category.id ? DROP_STYLE[over.place] : undefined;
        const dragProps = canEdit
          ? {
              draggable: true,
              onDragStart: (event: DragEvent<HTMLElement>) => {
                event.dataTransfer.effectAllowed = 'move';
                event.dataTransfer.setData('text/plain', category.id);
                setDragging(category.id);
              },
              onDragEnd: () => {
                setDragging(null);
                setOver(null);
              },
              onDragOver: (event: DragEvent<HTMLElement>) => {
                if (!dragging) return;
                event.preventDefault();
                const place = placeFor(event);
                if (over?.id !== category.id || over.place !== place) setOver({ id: category.id, place });
              },
              onDrop: (event: DragEvent<HTMLElement>) => {
                event.preventDefault();
                drop(category, placeFor(event));
              },
            }
          : {};
        return (
          <li
            key={category.id}
            {...dragProps}
            data-testid="category-row"
            style={{
              borderRadius: 'var(--mantine-radius-sm)',
              opacity: dragging === category.id ? 0.45 : 1,
              ...dropStyle,
            }}
          >
            <Group
              gap="xs"
              wrap="nowrap"
              px="xs"
              py={6}
              pl={`calc(var(--mantine-spacing-xs) + ${depth * 24}px)`}
            >
              {canEdit && (
                <IconGripVertical
                  size={16}
                  aria-hidden
                  color="var(--mantine-color-dimmed)"
                  style={{ cursor: 'grab', flexShrink: 0 }}
                />
              )}
              {depth > 0 && (
                <IconChevronRight
                  size={14}
                  aria-hidden
                  color="var(--mantine-color-dimmed)"
                  style={{ flexShrink: 0 }}
                />
              )}
              <Anchor
                component={Link}
                to={`/categories/${category.id}`}
                fw={depth === 0 ? 600 : 500}
                style={{ flex: 1, minWidth: 0 }}
                truncate
              >
                {category.name}
              </Anchor>
              <Badge variant="light" color="gray" size="sm" tt="none" style={{ flexShrink: 0 }}>
                {category.productCount.toLocaleString()}{' '}
                {category.productCount === 1 ? 'product' : 'products'}
              </Badge>
              {canEdit ? (
                <MoveCategoryMenu category={category} categories={categories} />
              ) : (
                <Text span w={28} />
              )}
            </Group>
          </li>
        );
      })}
    </Paper>
  );
}
