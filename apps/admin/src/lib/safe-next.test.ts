import { describe, expect, it } from 'vitest';
import { loginPath, safeNextPath } from './safe-next';

describe('safeNextPath', () => {
  it('accepts same-site paths with their query', () => {
    expect(safeNextPath('/account')).toBe('/account');
    expect(safeNextPath('/orders?q=status%3Aopen&after=abc')).toBe('/orders?q=status%3Aopen&after=abc');
  });

  it('refuses anything that could leave the site or loop', () => {
    for (const next of [
      null,
      '',
      'account',
      'https://evil.example',
      '//evil.example',
      '/\\evil.example',
      '/login',
      '/login?next=%2F',
      '/a\nb',
    ]) {
      expect(safeNextPath(next)).toBeNull();
    }
  });
});

describe('loginPath', () => {
  it('carries the page in ?next=', () => {
    expect(loginPath('/account')).toBe('/login?next=%2Faccount');
    expect(loginPath('/orders?q=x y')).toBe('/login?next=%2Forders%3Fq%3Dx+y');
  });

  it('leaves out ?next= for Home and for unsafe paths', () => {
    expect(loginPath('/')).toBe('/login');
    expect(loginPath('//evil.example')).toBe('/login');
  });
});
