import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { catalogFor } from '@topup/shared';
import { startHarness, user, type Harness } from './harness';

/**
 * The bot at real volume: many users checking numbers at the same moment each have their own limit
 * of phone checks at the API (the bot says who asks), and one user's flood is cut off however slowly
 * Telegram lets the replies out.
 */

const t = catalogFor('en');
/** The API's default limit of phone checks per client and minute (PHONE_CHECK_RATE_LIMIT_PER_MINUTE). */
const PHONE_CHECKS_PER_MINUTE = 30;
const TOO_MANY = /Too many/i;

let h: Harness;
beforeAll(async () => {
  h = await startHarness({ apiEnv: { PHONE_CHECK_RATE_LIMIT_PER_MINUTE: String(PHONE_CHECKS_PER_MINUTE) }, apiTimeoutMs: 60_000 });
}, 60_000);
afterAll(async () => {
  await h?.close();
});

const textsTo = (chatId: number, mark: number) =>
  h.tg.since(mark).flatMap((c) => (Number(c.payload.chat_id) === chatId && typeof c.payload.text === 'string' ? [c.payload.text as string] : []));

describe('phone checks of many users', () => {
  it('100 users typing their numbers at once are all answered: none is refused for the checks of the others', async () => {
    const users = Array.from({ length: 100 }, (_, i) => user(910_000 + i, `U${i}`));
    // At the country step (reached a few at a time: the embedded database has one connection)…
    for (let i = 0; i < users.length; i += 20) await Promise.all(users.slice(i, i + 20).map((u) => h.say(u, '/recharge')));
    const mark = h.tg.calls.length;
    // …all type a full international number at once: the bot asks the API to detect each.
    await Promise.all(users.map((u) => h.say(u, '+234 803 123 4567')));
    for (const u of users) {
      const replies = textsTo(u.id, mark);
      expect(replies.some((r) => TOO_MANY.test(r))).toBe(false);
      // Nigeria and its operator found from the number: the recharge goes on to the amount.
      expect(replies.at(-1)).toContain('Step 3 of 6');
    }
  }, 120_000);

  it('one user checking more numbers than the limit is refused; another user at the same moment is not', async () => {
    const flo = user(920_001, 'Flo');
    const ann = user(920_002, 'Ann');
    for (const u of [flo, ann]) {
      await h.say(u, '/recharge');
      await h.press(u, 'r:country:NG');
      await h.press(u, 'r:operator:141');
      await h.say(u, '10');
    }
    const mark = h.tg.calls.length;
    for (let i = 0; i < PHONE_CHECKS_PER_MINUTE + 2; i++) await h.say(flo, `80312${String(10000 + i).slice(-5)}9`);
    const floReplies = textsTo(flo.id, mark);
    expect(floReplies.filter((r) => TOO_MANY.test(r))).toHaveLength(2);

    const annMark = h.tg.calls.length;
    await h.say(ann, '803 123 4567');
    const annReplies = textsTo(ann.id, annMark);
    expect(annReplies.some((r) => TOO_MANY.test(r))).toBe(false);
    expect(annReplies.join('\n')).toContain('Step 5 of 6');
  }, 120_000);
});

describe('a flood while Telegram throttles the replies', () => {
  it('50 messages sent at once are answered at most the limit per window, however slowly the replies go out', async () => {
    // Scaled down from the production limit (10 per 5 s) and Telegram's one reply a second: the limit
    // lets 5 through per window, each reply takes 150 ms, so a count made once the chat's queue
    // reached the update would let every message through.
    const rate = { limit: 5, windowMs: 1_000 };
    const limited = await startHarness({ rateLimit: rate });
    try {
      limited.tg.paceMs = 150;
      const gus = user(930_001, 'Gus');
      const mark = limited.tg.calls.length;
      await Promise.all(Array.from({ length: 50 }, () => limited.send(limited.updates.text(gus, '/help'))));
      const sent = limited.tg.since(mark).filter((c) => c.method === 'sendMessage' && c.payload.chat_id === gus.id);
      expect(sent.filter((c) => c.payload.text === t.bot.tooFast)).toHaveLength(1);
      expect(sent.length).toBe(rate.limit + 1);
    } finally {
      await limited.close();
    }
  }, 60_000);
});
