import { describe, expect, it } from 'vitest';
import { buildCategoryTree, categoryPath, dropDestination, flattenTree, subtreeIds } from './category-tree';

const c = (id: string, position: number, parent: string | null = null) => ({
  id,
  name: id.toUpperCase(),
  position,
  parent: parent ? { id: parent } : null,
});

const flat = [c('a', 0), c('a1', 0, 'a'), c('a2', 1, 'a'), c('a1x', 0, 'a1'), c('b', 1)];

describe('the category tree', () => {
  it('builds nested nodes with depths, siblings by position', () => {
    const tree = buildCategoryTree([c('b', 1), c('a', 0), c('a2', 1, 'a'), c('a1', 0, 'a')]);
    expect(flattenTree(tree).map((n) => `${n.category.id}:${n.depth}`)).toEqual([
      'a:0',
      'a1:1',
      'a2:1',
      'b:0',
    ]);
  });

  it('keeps a category whose parent is missing, at the top', () => {
    expect(buildCategoryTree([c('orphan', 0, 'gone')]).map((n) => n.category.id)).toEqual(['orphan']);
  });

  it('knows a subtree, so nothing moves inside itself', () => {
    expect([...subtreeIds(flat, 'a')].sort()).toEqual(['a', 'a1', 'a1x', 'a2']);
    expect(dropDestination(flat, 'a', 'a1x', 'inside')).toBeNull();
  });

  it('works out the parent and position of a drop', () => {
    expect(dropDestination(flat, 'b', 'a', 'inside')).toEqual({ parentId: 'a', position: 2 });
    expect(dropDestination(flat, 'a2', 'a1', 'before')).toEqual({ parentId: 'a', position: 0 });
    expect(dropDestination(flat, 'a1', 'a2', 'after')).toEqual({ parentId: 'a', position: 1 });
    expect(dropDestination(flat, 'a1x', 'b', 'before')).toEqual({ parentId: null, position: 1 });
  });

  it('names the path to a category', () => {
    expect(categoryPath(flat, 'a1x')).toBe('A / A1 / A1X');
  });
});
