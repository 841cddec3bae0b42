import { ActionIcon, Menu, ScrollArea } from '@mantine/core';
import { IconArrowDown, IconArrowUp, IconArrowsMove, IconDots, IconFolderUp } from '@tabler/icons-react';
import type { CategoriesQuery } from '../../../gql/graphql';
import { categoryPath, siblingsOf, subtreeIds } from './category-tree';
import { useCategoryMove } from './use-category-move';

type Category = CategoriesQuery['categories'][number];

interface MoveCategoryMenuProps {
  category: Category;
  categories: readonly Category[];
}

/** The keyboard way to move a category: up, down, to the top level, or into another category. */
export function MoveCategoryMenu({ category, categories }: MoveCategoryMenuProps) {
  const { move, loading } = useCategoryMove();
  const parentId = category.parent?.id ?? null;
  const siblings = siblingsOf(categories, parentId, category.id);
  const index = categories
    .filter((c) => (c.parent?.id ?? null) === parentId)
    .sort((a, b) => a.position - b.position)
    .findIndex((c) => c.id === category.id);
  const blocked = subtreeIds(categories, category.id);
  const targets = categories.filter((c) => !blocked.has(c.id) && c.id !== parentId);

  return (
    <Menu position="bottom-end" withinPortal shadow="md" width={280}>
      <Menu.Target>
        <ActionIcon variant="subtle" color="gray" aria-label={`Move ${category.name}…`} loading={loading}>
          <IconDots size={18} aria-hidden />
        </ActionIcon>
      </Menu.Target>
      <Menu.Dropdown>
        <Menu.Label>Move {category.name}</Menu.Label>
        <Menu.Item
          leftSection={<IconArrowUp size={16} aria-hidden />}
          disabled={index <= 0}
          onClick={() =>
            void move(category, { parentId, position: index - 1 }, `number ${index} among its siblings`)
          }
        >
          Move up
        </Menu.Item>
        <Menu.Item
          leftSection={<IconArrowDown size={16} aria-hidden />}
          disabled={index >= siblings.length}
          onClick={() =>
            void move(category, { parentId, position: index + 1 }, `number ${index + 2} among its siblings`)
          }
        >
          Move down
        </Menu.Item>
        {parentId && (
          <Menu.Item
            leftSection={<IconFolderUp size={16} aria-hidden />}
            onClick={() =>
              void move(
                category,
                { parentId: null, position: siblingsOf(categories, null, category.id).length },
                'a top-level category',
              )
            }
          >
            Move to top level
          </Menu.Item>
        )}
        {targets.length > 0 && <Menu.Label>Move into…</Menu.Label>}
        <ScrollArea.Autosize mah={240} type="auto">
          {targets.map((target) => (
            <Menu.Item
              key={target.id}
              leftSection={<IconArrowsMove size={16} aria-hidden />}
              onClick={() =>
                void move(
                  category,
                  { parentId: target.id, position: siblingsOf(categories, target.id, category.id).length },
                  `inside ${target.name}`,
                )
              }
            >
              {categoryPath(categories, target.id)}
            </Menu.Item>
          ))}
        </ScrollArea.Autosize>
      </Menu.Dropdown>
    </Menu>
  );
}
