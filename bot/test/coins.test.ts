import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { InlineKeyboardMarkup } from 'grammy/types';
import { startHarness, user, type Harness } from './harness';

/** The coin keyboard is what the API offers (GET /api/coins), not a list compiled into the bot. */
let h: Harness;
beforeAll(async () => {
  h = await startHarness({ apiEnv: { BSC_ENABLED: 'false' } });
}, 60_000);
afterAll(async () => {
  await h?.close();
});

describe('coin step', () => {
  it('offers only the coins the server takes: a network switched off there is absent', async () => {
    const from = user(9101, 'Dee');
    const press = (data: string) => h.send(h.updates.press(from, h.tg.messageWithButton(data, from.id)));
    await h.send(h.updates.text(from, '/recharge'));
    await press('r:country:NG');
    await press('r:operator:141');
    await h.send(h.updates.text(from, '10'));
    const mark = h.tg.calls.length;
    await h.send(h.updates.text(from, '803 123 4567'));
    const step = h.tg.since(mark).find((c) => c.method === 'sendMessage' && String(c.payload.text).includes('Step 5 of 6'));
    const keyboard = (step!.payload.reply_markup as InlineKeyboardMarkup).inline_keyboard.flat();
    expect(keyboard.map((b) => [b.text, 'callback_data' in b ? b.callback_data : ''])).toEqual([
      ['Tether USDT (ERC-20)', 'r:coin:USDT'],
      ['Ethereum (ETH)', 'r:coin:ETH'],
      ['USD Coin (USDC)', 'r:coin:USDC'],
      ['Polygon (POL)', 'r:coin:POL'],
      ['Tether USDT (Polygon)', 'r:coin:USDT-POLYGON'],
      ['USD Coin (Polygon)', 'r:coin:USDC-POLYGON'],
    ]);
  });
});
