import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { InlineKeyboardMarkup } from 'grammy/types';
import { formatLocalAmount, formatUsdIn } from '@topup/shared';
import { rechargeViaBot, startHarness, user, type Call, type Harness, keyboard } from './harness';

/**
 * In the bot: number first (typed, pasted or a shared contact), local money first, per-locale
 * money and no English inside another language, a repeat in two taps (recent recipients on /start,
 * "🔁 Top up again"), renaming and removing a recipient, the inline "top me up" card.
 */

let h: Harness;
beforeAll(async () => {
  h = await startHarness();
}, 60_000);
afterAll(async () => {
  await h?.close();
});

const sent = (calls: Call[]) => calls.filter((c) => c.method === 'sendMessage' || c.method === 'sendPhoto');
const textOf = (c: Call | undefined) => (c?.payload.text ?? c?.payload.caption ?? '') as string;
const buttons = (c: Call | undefined) =>
  keyboard(c)
    .flat()
    .map((b) => [b.text, 'callback_data' in b ? b.callback_data : 'url' in b ? b.url : '']);

describe('number first, local money first', () => {
  it('a pasted "+237 6 77 12 34 56" goes straight to the amount step with MTN Cameroon, amounts in francs CFA first', async () => {
    const ama = user(8201, 'Ama');
    await h.say(ama, '/recharge');
    const after = sent(await h.say(ama, '+237 6 77 12 34 56'));
    expect(textOf(after[0])).toContain('Detected: <b>🇨🇲 Cameroon</b> · MTN Cameroon');
    const amount = after.find((c) => textOf(c).includes('Step 3 of 6'))!;
    expect(textOf(amount)).toContain('Choose an amount for MTN Cameroon');
    expect(buttons(amount)[0]).toEqual([`${formatLocalAmount('en', 3000, 'XAF')} · $5.00`, 'r:amount:500']);
    expect(buttons(amount)[0]![0]).toMatch(/^3,000\sXAF · \$5\.00$/);
    expect(buttons(amount).at(-1)).toEqual(['⬅️ Back', 'r:amount:back']);
    // Back: the operator, then the country (the manual path is still there).
    const operator = sent(await h.press(ama, 'r:amount:back'));
    expect(textOf(operator[0])).toContain('Select Operator in 🇨🇲 Cameroon');
    const country = sent(await h.press(ama, 'r:operator:back'));
    expect(textOf(country[0])).toContain('Step 1 of 6');
  });

  it('a shared contact at the first step, in French: the amounts and the dollars are French', async () => {
    const leo = user(8202, 'Léo', 'fr');
    await h.say(leo, '/recharge');
    const mark = h.tg.calls.length;
    await h.send(h.updates.contact(leo, '237677123456'));
    const amount = sent(h.tg.since(mark)).find((c) => textOf(c).includes('MTN Cameroon') && buttons(c).length > 1)!;
    expect(buttons(amount)[0]![0]).toBe(`${formatLocalAmount('fr', 3000, 'XAF')} · ${formatUsdIn('fr', 500)}`);
    expect(buttons(amount)[0]![0]).toMatch(/^3\s000\sXAF · 5,00\s\$US$/);
    expect(buttons(amount).at(-1)![0]).toBe('⬅️ Retour');
  });

  it('a custom amount typed in the recipient’s money ("6000 XAF") costs what the server quotes', async () => {
    const kofi = user(8204, 'Kofi');
    await h.say(kofi, '/recharge');
    const amount = sent(await h.say(kofi, '+237 677 12 34 56')).find((c) => textOf(c).includes('Step 3 of 6'))!;
    // The admin's limits ($5-$500) within the operator's ($1-$200), said and refused in the money typed.
    expect(textOf(amount)).toMatch(/Or type an amount in XAF, between 3,000\sXAF and 120,000\sXAF/);
    expect(sent(await h.say(kofi, '2000 XAF')).map(textOf)).toEqual([expect.stringMatching(/^Amount must be between 3,000\sXAF and 120,000\sXAF\.$/)]);
    expect(textOf(sent(await h.say(kofi, '6000 XAF'))[0])).toContain('Step 5 of 6');
    await h.press(kofi, 'r:coin:USDT');
    const review = sent(await h.press(kofi, 'r:network:USDT'))[0]!;
    expect(textOf(review)).toMatch(/Airtime amount: <b>6,000\sXAF · \$10\.00<\/b>/);
  });

  it('a typed local amount the price in whole cents cannot give exactly is said, not silently changed', async () => {
    const efua = user(8205, 'Efua');
    await h.say(efua, '/recharge');
    await h.say(efua, '+237 677 12 34 56');
    const replies = sent(await h.say(efua, '5000 XAF')).map(textOf);
    expect(replies[0]).toMatch(/^ℹ️ The operator sends 5,004\sXAF, not exactly 5,000\sXAF: the nearest amount for a price in whole cents \(\$8\.34\)\.$/);
    expect(replies[1]).toContain('Step 5 of 6');
    // An amount given exactly says nothing more.
    const kwame = user(8206, 'Kwame');
    await h.say(kwame, '/recharge');
    await h.say(kwame, '+237 677 12 34 56');
    expect(sent(await h.say(kwame, '6000 XAF')).map(textOf)).toEqual([expect.stringContaining('Step 5 of 6')]);
  });

  it('a number the API refuses is told in the user’s language, not in English', async () => {
    const ana = user(8203, 'Ana', 'es');
    await h.say(ana, '/recharge');
    const refused = sent(await h.say(ana, '+237 123 456'));
    expect(refused).toHaveLength(1);
    expect(textOf(refused[0])).toMatch(/^❌ /);
    expect(textOf(refused[0])).not.toMatch(/Invalid|number|format|phone/i);
  });
});

describe('repeat in two taps', () => {
  const ben = user(8211, 'Ben');

  it('/start offers the recent recipient once paid for: one tap shows the review, Confirm makes the payment', async () => {
    const first = await rechargeViaBot(h, ben);
    expect(buttons(sent(await h.say(ben, '/start'))[0]).some(([, data]) => data === 'g:rcp:2348031234567')).toBe(false);
    await h.setStatus(first.orderId, ['confirming', 'paid']);
    const welcome = sent(await h.say(ben, '/start'))[0]!;
    expect(textOf(welcome)).toContain('Top up again');
    expect(buttons(welcome)[0]).toEqual(['Again: +2348031234567 $10.00', 'g:rcp:2348031234567']);
    const review = sent(await h.press(ben, 'g:rcp:2348031234567'));
    expect(review).toHaveLength(1);
    expect(textOf(review[0])).toContain('Review Order');
    expect(textOf(review[0])).toContain('<code>+2348031234567</code>');
    expect(textOf(review[0])).toContain('Airtime amount: <b>$10.00</b>');
    const paid = sent(await h.press(ben, 'r:review:confirm'));
    expect(paid.map((c) => c.method)).toEqual(['sendPhoto']);
    expect(textOf(paid[0])).not.toContain(`#${first.orderId}\n`);
  });

  it('renames a recipient ("Mum") with a reply, and removes it', async () => {
    await h.say(ben, '/start');
    const prompt = sent(await h.press(ben, 'g:rn:2348031234567'))[0]!;
    expect(prompt.payload.reply_markup).toMatchObject({ force_reply: true });
    const plain = textOf(prompt).replace(/<[^>]+>/g, '');
    const mark = h.tg.calls.length;
    await h.send(h.updates.reply(ben, 'Mum', { messageId: (prompt.result as { message_id: number }).message_id, text: plain }));
    expect(textOf(sent(h.tg.since(mark))[0])).toContain('Saved as <b>Mum</b>');
    const welcome = sent(await h.say(ben, '/start'))[0]!;
    expect(buttons(welcome)[0]).toEqual(['Again: Mum $10.00', 'g:rcp:2348031234567']);

    const removed = await h.press(ben, 'g:rm:2348031234567');
    expect(removed.find((c) => c.method === 'answerCallbackQuery')!.payload.text).toBe('Removed from your recent recipients.');
    expect(buttons(sent(await h.say(ben, '/start'))[0]).some(([, data]) => data === 'g:rcp:2348031234567')).toBe(false);
  });

  it('"🔁 Top up again" on a completed order and in /orders goes to the review', async () => {
    const cy = user(8212, 'Cy');
    const order = await rechargeViaBot(h, cy);
    await h.setStatus(order.orderId, ['confirming', 'paid', 'processing', 'completed'], { providerTransactionId: 'RLY-1' });
    await h.poller.pollOnce();
    const list = sent(await h.say(cy, '/orders'))[0]!;
    expect(buttons(list)).toEqual([[`🔁 Top up again · +2348031234567 $10.00`, `g:again:${order.orderId}`]]);
    const review = sent(await h.press(cy, `g:again:${order.orderId}`));
    expect(textOf(review[0])).toContain('Review Order');
    expect(textOf(review[0])).toContain('Tether USDT (ERC-20)');
  });
});

describe('share', () => {
  it('inline mode sends a "top me up" card whose button opens the bot on a recharge of that number', async () => {
    const dee = user(8221, 'Dee', 'fr');
    const mark = h.tg.calls.length;
    await h.send(h.updates.inline(dee, '+237 677 12 34 56'));
    const answer = h.tg.since(mark).find((c) => c.method === 'answerInlineQuery')!;
    const [card] = answer.payload.results as { title: string; input_message_content: { message_text: string }; reply_markup: InlineKeyboardMarkup }[];
    expect(card!.title).toBe('📲 Rechargez-moi');
    expect(card!.input_message_content.message_text).toContain('<code>+237677123456</code>');
    const button = card!.reply_markup.inline_keyboard[0]![0]!;
    expect(button).toEqual({ text: '⚡ Recharger ce numéro', url: 'https://t.me/topup_test_bot?start=topup_237677123456' });

    // The friend opens it: a recharge of that number, at the amount step.
    const friend = user(8222, 'Eve');
    const opened = sent(await h.say(friend, '/start topup_237677123456'));
    expect(textOf(opened[0])).toContain('Choose an amount for MTN Cameroon');
  });

  it('the order opened with /start order_<id> tells its story, with its links', async () => {
    const fay = user(8223, 'Fay');
    const order = await rechargeViaBot(h, fay);
    const shown = sent(await h.say(fay, `/start order_${order.orderId}`))[0]!;
    expect(textOf(shown)).toContain(`order #${order.orderId}`);
    expect(textOf(shown)).toContain('Waiting for Payment');
    expect(buttons(shown).map(([, d]) => d)).toEqual(expect.arrayContaining([`pay:c:${order.orderId}`, `pay:x:${order.paymentId}`, `sup:${order.orderId}`]));
    expect(textOf(sent(await h.say(fay, '/start order_999999'))[0])).toBe('Order not found.');
  });
});
