import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import {
  BUILT_IN_ROLES,
  decodeId,
  decodeIdOf,
  emailSchema,
  encodeId,
  forbiddenMessage,
  nameSchema,
  passwordProblem,
  PERMISSIONS,
  validate,
} from './index.js';

describe('passwords (SPEC §5)', () => {
  it.each([
    ['short', 'Use at least 12 characters.'],
    ['x'.repeat(257), 'Use at most 256 characters.'],
    ['password1234', 'This password is too common. Choose one that is harder to guess.'],
    ['aaaaaaaaaaaaaa', 'This password is too common. Choose one that is harder to guess.'],
    ['123456789012', 'This password is too common. Choose one that is harder to guess.'],
    ['qwertyuiopas', 'This password is too common. Choose one that is harder to guess.'],
  ])('refuses %j', (password, message) => {
    expect(passwordProblem(password)).toBe(message);
  });

  it('refuses the email as the password', () => {
    expect(passwordProblem('Jane.Doe@Example.com', 'jane.doe@example.com')).toBe(
      "Don't use your email address as the password.",
    );
    expect(passwordProblem('jane.doe.smith', 'jane.doe.smith@example.com')).toBe(
      "Don't use your email address as the password.",
    );
  });

  it('accepts a decent passphrase of 12 to 256 characters', () => {
    expect(passwordProblem('correct-horse-battery-9', 'owner@example.com')).toBeNull();
    expect(passwordProblem('z'.repeat(255) + 'q')).toBeNull();
  });
});

describe('shared field rules', () => {
  it('trims names and requires 1–255 characters', () => {
    expect(validate(nameSchema, '  Ada  ')).toEqual({ ok: true, value: 'Ada' });
    expect(validate(nameSchema, '   ', ['input', 'name'])).toEqual({
      ok: false,
      errors: [{ field: ['input', 'name'], code: 'REQUIRED', message: 'Enter a name.' }],
    });
    expect(validate(nameSchema, 'x'.repeat(256))).toMatchObject({
      ok: false,
      errors: [{ code: 'TOO_LONG' }],
    });
  });

  it('checks emails', () => {
    expect(validate(emailSchema, ' a@b.co ')).toEqual({ ok: true, value: 'a@b.co' });
    expect(validate(emailSchema, 'not an email')).toMatchObject({
      ok: false,
      errors: [{ code: 'INVALID', message: 'Enter a valid email address, like name@example.com.' }],
    });
    expect(validate(emailSchema, `${'a'.repeat(250)}@b.co`)).toMatchObject({
      ok: false,
      errors: [{ code: 'TOO_LONG' }],
    });
  });
});

describe('public IDs', () => {
  it('round-trip any UUID with their type prefix', () => {
    fc.assert(
      fc.property(
        fc.uuid(),
        fc.constantFrom('Staff', 'Role', 'Session', 'Location', 'AuditEvent'),
        (uuid, type) => {
          const id = encodeId(type, uuid);
          expect(id).toMatch(/^[a-z]{3}_[0-9a-f]{32}$/);
          expect(decodeId(id)).toEqual({ type, uuid });
        },
      ),
    );
  });

  it('refuse IDs of another type or of no known shape', () => {
    const id = encodeId('Staff', '01932c4e-8a7b-7c3d-9e00-000000000001');
    expect(decodeIdOf('Role', id)).toBeNull();
    expect(decodeIdOf('Staff', id)).toBe('01932c4e-8a7b-7c3d-9e00-000000000001');
    for (const bad of [
      '',
      'stf_',
      'xyz_01932c4e8a7b7c3d9e00000000000001',
      'stf_01932C4E8A7B7C3D9E00000000000001',
      'stf_0193',
    ]) {
      expect(decodeId(bad)).toBeNull();
    }
  });
});

describe('permissions and built-in roles (SPEC §6)', () => {
  it('has the five built-in roles with the SPEC permissions', () => {
    const byKey = Object.fromEntries(BUILT_IN_ROLES.map((r) => [r.key, [...r.permissions].sort()]));
    expect(byKey['administrator']).toEqual([...PERMISSIONS].sort());
    expect(byKey['catalog-manager']).toEqual([
      'CATALOG_READ',
      'CATALOG_WRITE',
      'DATA_EXPORT',
      'DATA_IMPORT',
      'DISCOUNTS_READ',
      'DISCOUNTS_WRITE',
      'INVENTORY_WRITE',
      'REPORTS_READ',
    ]);
    expect(byKey['fulfillment']).toEqual([
      'CATALOG_READ',
      'INVENTORY_WRITE',
      'ORDERS_READ',
      'ORDERS_WRITE',
      'RETURNS_WRITE',
    ]);
    expect(byKey['support']).toEqual([
      'CATALOG_READ',
      'CUSTOMERS_READ',
      'CUSTOMERS_WRITE',
      'DISCOUNTS_READ',
      'ORDERS_READ',
      'ORDERS_WRITE',
      'REFUNDS_WRITE',
      'RETURNS_WRITE',
    ]);
    expect(byKey['analyst']).toEqual([
      'AUDIT_READ',
      'CATALOG_READ',
      'CUSTOMERS_READ',
      'DATA_EXPORT',
      'DISCOUNTS_READ',
      'ORDERS_READ',
      'REPORTS_READ',
    ]);
  });

  it('words the forbidden message as the SPEC does', () => {
    expect(forbiddenMessage('STAFF_MANAGE')).toBe(
      "You don't have permission to manage staff. Ask a staff manager for STAFF_MANAGE.",
    );
  });
});
