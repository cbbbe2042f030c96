import { expect, it } from 'vitest';
import { ApiStorage } from './storage';

it('skips writing back a value that did not change, and a second delete', async () => {
  const store = new Map<string, unknown>();
  const calls: string[] = [];
  const api = {
    readSession: async (k: string) => (calls.push(`read ${k}`), store.get(k)),
    writeSession: async (k: string, v: unknown) => void (calls.push(`write ${k}`), store.set(k, v)),
    deleteSession: async (k: string) => void (calls.push(`delete ${k}`), store.delete(k)),
  };
  const s = new ApiStorage<{ n: number }>(api);
  expect(await s.read('a')).toBeUndefined();
  await s.write('a', { n: 1 });
  await s.write('a', { n: 1 });
  expect(await s.read('a')).toEqual({ n: 1 });
  await s.write('a', { n: 1 });
  await s.write('a', { n: 2 });
  await s.delete('a');
  await s.delete('a');
  expect(calls).toEqual(['read a', 'write a', 'read a', 'write a', 'delete a']);
});
