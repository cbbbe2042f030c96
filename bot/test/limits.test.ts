import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { catalogFor } from '@topup/shared';
import type { User } from 'grammy/types';
import { ApiError } from '../src/api/client';
import { USER_RATE_LIMIT } from '../src/bot';
import { MAX_ANSWER_CHARS } from '../src/conversations/io';
import { chooseCoin, startHarness, user, type Harness } from './harness';

/**
 * A conversation cannot get stuck, and one user cannot flood the bot: refused
 * answers leave the stored state as it was, so hundreds of them (or long pasted texts) leave the
 * recharge working with its progress saved; a save names the version it read; a flood of messages
 * is answered a bounded number of times.
 */

const t = catalogFor('en');
let h: Harness;
beforeAll(async () => {
  h = await startHarness();
}, 60_000);
afterAll(async () => {
  await h?.close();
});

const storedSize = async (from: User) => JSON.stringify((await h.client.readSession(`conv:${from.id}`)).value ?? null).length;

async function toAmountStep(from: User) {
  await h.say(from, '/recharge');
  await h.press(from, 'r:country:NG');
  await h.press(from, 'r:operator:141');
}

/** Finishes the recharge from the amount step and returns the payment message's caption. */
async function finish(from: User): Promise<string> {
  await h.say(from, '10');
  await h.say(from, '803 123 4567');
  await chooseCoin(h, from, 'USDT');
  const mark = h.tg.calls.length;
  await h.press(from, 'r:review:confirm');
  const photo = h.tg.since(mark).find((c) => c.method === 'sendPhoto');
  return String(photo?.payload.caption ?? '');
}

describe('a conversation under wrong answers', () => {
  it('300 wrong answers are each refused, the saved state does not grow, and the recharge then completes', async () => {
    const kai = user(8101, 'Kai');
    await toAmountStep(kai);
    const before = await storedSize(kai);
    const mark = h.tg.calls.length;
    for (let i = 0; i < 300; i++) {
      if (i % 50 === 7) await h.send(h.updates.sticker(kai));
      else if (i % 50 === 9)
        await h.press(kai, 'r:country:NG'); // an old keyboard of the conversation
      else await h.say(kai, i % 2 ? `abc ${i}` : '9999999');
    }
    const replies = h.tg.textsSince(mark);
    expect(replies.filter((r) => r === t.bot.amountNotANumber).length).toBeGreaterThan(100);
    expect(replies.some((r) => r === t.bot.errorGeneric)).toBe(false);
    expect(await storedSize(kai)).toBe(before);
    expect(before).toBeLessThan(10_000);

    expect(await finish(kai)).toContain('Complete Payment');
  });

  it('30 pasted 4 KB texts are refused as too long and forgotten; the progress is kept', async () => {
    const lee = user(8102, 'Lee');
    await toAmountStep(lee);
    await h.say(lee, '10');
    const before = await storedSize(lee);
    const pasted = 'x'.repeat(4096);
    const mark = h.tg.calls.length;
    for (let i = 0; i < 30; i++) await h.say(lee, `${i} ${pasted}`);
    expect(h.tg.textsSince(mark)).toEqual(Array(30).fill(t.bot.answerTooLong));
    expect(await storedSize(lee)).toBe(before);
    // At the limit a text is still an answer (a wrong one here), not "too long".
    const atLimit = h.tg.calls.length;
    await h.say(lee, '9'.repeat(MAX_ANSWER_CHARS));
    expect(h.tg.textsSince(atLimit)).not.toContain(t.bot.answerTooLong);

    await h.say(lee, '803 123 4567');
    await chooseCoin(h, lee, 'USDT');
    const confirm = h.tg.calls.length;
    await h.press(lee, 'r:review:confirm');
    expect(h.tg.since(confirm).some((c) => c.method === 'sendPhoto')).toBe(true);
  });

  it('a keyboard sent again with a refusal still works, though the refusal itself was forgotten', async () => {
    const mo = user(8103, 'Mo');
    await h.say(mo, '/recharge');
    await h.say(mo, 'Atlantis');
    const mark = h.tg.calls.length;
    // The popular countries came again with "No country found": a press on that newest keyboard counts.
    await h.press(mo, 'r:country:NG');
    expect(h.tg.textsSince(mark).join('\n')).toContain('Step 2 of 6');
  });
});

describe('saving the state', () => {
  it('refuses a save based on an older read: two bot instances cannot overwrite one chat blindly', async () => {
    const key = 'conv:8199';
    const first = await h.client.readSession(key);
    const second = await h.client.readSession(key);
    expect(first.version).toBe(0);
    expect(await h.client.writeSession(key, { step: 'amount' }, first.version)).toBe(1);
    const stale = await h.client.writeSession(key, { step: 'country' }, second.version).catch((err: unknown) => err);
    expect(stale).toBeInstanceOf(ApiError);
    expect((stale as ApiError).status).toBe(409);
    const now = await h.client.readSession(key);
    expect(now).toEqual({ value: { step: 'amount' }, version: 1 });
    expect(await h.client.writeSession(key, { step: 'phone' }, now.version)).toBe(2);
    // A value of null is no state: refused, not a 500.
    const nothing = await h.client.writeSession(key, null, 2).catch((err: unknown) => err);
    expect((nothing as ApiError).status).toBe(400);
    const empty = await h.api.call('PUT', `/api/bot/sessions/${key}`, { body: {}, headers: { 'x-service-token': h.api.config.botApiSecret } });
    expect(empty.status).toBe(400);
  });
});

describe('a flood of messages', () => {
  it('50 messages in a burst are answered at most the limit per window, with one notice; others are not affected', async () => {
    const limited = await startHarness({ rateLimit: USER_RATE_LIMIT });
    try {
      const flo = user(8201, 'Flo');
      const mark = limited.tg.calls.length;
      for (let i = 0; i < 50; i++) await limited.send(limited.updates.text(flo, '/help'));
      const sent = limited.tg.since(mark).filter((c) => c.method === 'sendMessage' && c.payload.chat_id === flo.id);
      expect(sent.length).toBe(USER_RATE_LIMIT.limit + 1);
      expect(sent.filter((c) => c.payload.text === t.bot.tooFast)).toHaveLength(1);

      const gus = user(8202, 'Gus');
      const other = limited.tg.calls.length;
      await limited.send(limited.updates.text(gus, '/help'));
      expect(limited.tg.since(other).filter((c) => c.method === 'sendMessage' && c.payload.chat_id === gus.id)).toHaveLength(1);
    } finally {
      await limited.close();
    }
  });
});
