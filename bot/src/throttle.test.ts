import { describe, expect, it } from 'vitest';
import { SendScheduler } from './throttle';

/** A clock that stands still unless advanced; the scheduler's sleeps are recorded, not waited. */
function fakeClock() {
  let now = 0;
  const sleeps: number[] = [];
  return {
    now: () => now,
    sleep: async (ms: number) => {
      sleeps.push(ms);
    },
    advance: (ms: number) => (now += ms),
    sleeps,
  };
}

describe('SendScheduler', () => {
  it('keeps one second between two messages to the same chat', async () => {
    const clock = fakeClock();
    const s = new SendScheduler({ now: clock.now, sleep: clock.sleep });
    await s.acquire(1);
    await s.acquire(1);
    await s.acquire(1);
    expect(clock.sleeps).toEqual([1000, 2000]);
  });

  it('lets different chats go at up to 30 per second overall', async () => {
    const clock = fakeClock();
    const s = new SendScheduler({ now: clock.now, sleep: clock.sleep });
    for (let chat = 0; chat < 60; chat++) await s.acquire(chat);
    // 60 messages to 60 chats: the last waits about two seconds (slots every 1000/30 ms).
    expect(clock.sleeps).toHaveLength(59);
    expect(clock.sleeps.at(-1)).toBeCloseTo(59 * (1000 / 30), 5);
    expect(clock.sleeps[29]).toBeCloseTo(1000, 5);
  });

  it('does not wait when the chat and the bot have been quiet', async () => {
    const clock = fakeClock();
    const s = new SendScheduler({ now: clock.now, sleep: clock.sleep });
    await s.acquire(1);
    clock.advance(1500);
    await s.acquire(1);
    expect(clock.sleeps).toEqual([]);
  });
});
