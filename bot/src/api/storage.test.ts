import { expect, it } from 'vitest';
import { ApiStorage } from './storage';

/** The API's bot state in memory, with its version rule: a save names the version it read. */
function fakeApi() {
  const store = new Map<string, { value: unknown; version: number }>();
  const calls: string[] = [];
  return {
    store,
    calls,
    readSession: async (k: string) => (calls.push(`read ${k}`), store.get(k) ?? { value: undefined, version: 0 }),
    writeSession: async (k: string, v: unknown, version: number) => {
      calls.push(`write ${k}`);
      if ((store.get(k)?.version ?? 0) !== version) throw new Error('409 conflict');
      store.set(k, { value: v, version: version + 1 });
      return version + 1;
    },
    deleteSession: async (k: string) => void (calls.push(`delete ${k}`), store.delete(k)),
  };
}

it('skips writing back a value that did not change, and a second delete', async () => {
  const api = fakeApi();
  const s = new ApiStorage<{ n: number }>(api);
  expect(await s.read('a')).toBeUndefined();
  await s.write('a', { n: 1 });
  await s.write('a', { n: 1 });
  expect(await s.read('a')).toEqual({ n: 1 });
  await s.write('a', { n: 1 });
  await s.write('a', { n: 2 });
  await s.delete('a');
  await s.delete('a');
  expect(api.calls).toEqual(['read a', 'write a', 'read a', 'write a', 'delete a']);
});

it('saves over the version it read, so a second instance cannot overwrite a newer state blindly', async () => {
  const api = fakeApi();
  const one = new ApiStorage<{ step: string }>(api);
  const two = new ApiStorage<{ step: string }>(api);
  await one.read('chat');
  await two.read('chat');
  await one.write('chat', { step: 'amount' });
  await expect(two.write('chat', { step: 'country' })).rejects.toThrow('409');
  expect(api.store.get('chat')).toEqual({ value: { step: 'amount' }, version: 1 });
  // Read again, it carries on from the newer state.
  expect(await two.read('chat')).toEqual({ step: 'amount' });
  await two.write('chat', { step: 'phone' });
  expect(api.store.get('chat')!.version).toBe(2);
});
