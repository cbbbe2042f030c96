import { expect, it } from 'vitest';
import { centsToDecimal, encodeName } from './client';

it('sends USD amounts as exact decimal text', () => {
  expect(centsToDecimal(750)).toBe('7.50');
  expect(centsToDecimal(5)).toBe('0.05');
  expect(centsToDecimal(20_000)).toBe('200.00');
});

it('URI-encodes names and cuts them, by whole characters, to the 256 characters the API accepts', () => {
  expect(encodeName('Zoë Ünal')).toBe('Zo%C3%AB%20%C3%9Cnal');
  const long = encodeName('😀'.repeat(100));
  expect(long.length).toBeLessThanOrEqual(256);
  expect(decodeURIComponent(long)).toBe('😀'.repeat(long.length / 12));
});
