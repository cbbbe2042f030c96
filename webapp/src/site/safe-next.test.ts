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
      // Dot segments: the origin stays, but the path becomes //evil.example (a protocol-relative link).
      '/.%2F%2Fevil.example/phish',
      '/./%2Fevil.example/phish',
      '/.%2F%5Cevil.example/phish',
      '/./%5Cevil.example',
      '/x/..//evil.example',
      '/x/../%2Fevil.example',
      '/%2E/%2F%2Fevil.example',
      '/%2e%2e//evil.example',
      '/.\\/evil.example',
      '/./\t/evil.example',
    ]) {
      const target = safeNext(`?next=${encodeURIComponent(next).replace(/%25/g, '%')}`);
      expect([next, new URL(target, 'https://our.site').origin]).toEqual([next, 'https://our.site']);
      expect([next, target.startsWith('/') && !target.startsWith('//') && !target.startsWith('/\\')]).toEqual([next, true]);
      // What the router does with it: a path resolved against this site, still on this site.
      expect([next, new URL(target, 'https://our.site/sign-in').origin]).toEqual([next, 'https://our.site']);
      expect([next, /^\/[/\\]/.test(new URL(target, 'https://our.site').pathname)]).toEqual([next, false]);
    }
  });
});
