import { expect, it } from 'vitest';
import { encodeName } from './client';

it('URI-encodes names and cuts them, by whole characters, to the 256 characters the API accepts', () => {
  expect(encodeName('Zoë Ünal')).toBe('Zo%C3%AB%20%C3%9Cnal');
  const long = encodeName('😀'.repeat(100));
  expect(long.length).toBeLessThanOrEqual(256);
  expect(decodeURIComponent(long)).toBe('😀'.repeat(long.length / 12));
});
