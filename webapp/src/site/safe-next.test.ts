import { describe, expect, it } from 'vitest';
import { safeNext } from './safe-next';

describe('where sign-in returns to', () => {
  it('keeps paths of this site, with their query and hash', () => {
    expect(safeNext('?next=/orders')).toBe('/orders');
    expect(safeNext('?next=%2Fprofile%3Ftab%3D1%23top')).toBe('/profile?tab=1#top');
    expect(safeNext('')).toBe('/dashboard');
  });

  it('never leaves the site (open redirect)', () => {
    for (const next of [
      '/%5Cevil.example/x',
      '/\\evil.example',
      '//evil.example',
      '/%2F%2Fevil.example',
      '/\t/evil.example',
      '/%09/evil.example',
      'https://evil.example',
      'javascript:alert(1)',
      '\\\\evil.example',
      ' /\\evil.example',
    ]) {
      const target = safeNext(`?next=${encodeURIComponent(next).replace(/%25/g, '%')}`);
      expect([next, new URL(target, 'https://our.site').origin]).toEqual([next, 'https://our.site']);
      expect([next, target.startsWith('/') && !target.startsWith('//') && !target.startsWith('/\\')]).toEqual([next, true]);
    }
  });
});
