import { Button, Group, NativeSelect } from '@mantine/core';
import { useState } from 'react';
import { SectionCard } from '../../../components/section-card';
import type { CategoriesQuery } from '../../../gql/graphql';
import { parentOptions } from './category-create-form';
import { siblingsOf, subtreeIds } from './category-tree';
import { useCategoryMove } from './use-category-move';

type Category = CategoriesQuery['categories'][number];

interface CategoryPlaceCardProps {
  category: { id: string; name: string; parent?: { id: string } | null };
  categories: readonly Category[];
  canEdit: boolean;
}

/** Which category this one sits in; moving puts it last among its new siblings. */
export function CategoryPlaceCard({ category, categories, canEdit }: CategoryPlaceCardProps) {
  const current = category.parent?.id ?? '';
  const [parentId, setParentId] = useState(current);
  const { move, loading } = useCategoryMove();
  const target = categories.find((c) => c.id === parentId);

  return (
    <SectionCard
      title="Place in the tree"
      description="Drag it on the Categories page to put it at an exact position."
    >
      <Group align="flex-end" gap="sm">
        <NativeSelect
          label="Parent category"
          w={320}
          value={parentId}
          onChange={(e) => setParentId(e.currentTarget.value)}
          data={parentOptions(categories, subtreeIds(categories, category.id))}
          disabled={!canEdit}
        />
        {canEdit && (
          <Button
            variant="default"
            loading={loading}
            disabled={parentId === current}
            onClick={() =>
              void move(
                category,
                {
                  parentId: parentId || null,
                  position: siblingsOf(categories, parentId || null, category.id).length,
                },
                target ? `inside ${target.name}` : 'a top-level category',
              )
            }
          >
            Move
          </Button>
        )}
      </Group>
    </SectionCard>
  );
}
