import { describe, expect, it } from 'vitest';
import { PERMISSIONS } from '@stockroom/domain';
import { ROLE_AREAS } from './role-form';

describe('role form areas', () => {
  it('places every permission in exactly one area', () => {
    const placed = ROLE_AREAS.flatMap((a) => a.permissions);
    expect([...placed].sort()).toEqual([...PERMISSIONS].sort());
  });
});
