import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Update } from 'grammy/types';
import { TopupApi } from '../src/api/client';
import { eq } from 'drizzle-orm';
import { adminToken } from '../../api/test/harness';
import { orders } from '../../api/src/db/schema';
import { transition } from '../../api/src/services/order-state';
import { createBot } from '../src/bot';
import { configureTelegram } from '../src/setup';
import { BOT_INFO, BOT_TOKEN, rechargeViaBot, startHarness, user, WEBAPP_URL, type Call, type Harness } from './harness';

let h: Harness;
beforeAll(async () => {
  h = await startHarness();
}, 180_000);
afterAll(async () => {
  await h?.close();
});

const first = (calls: Call[]) => (calls[0]?.payload.text ?? '') as string;

describe('commands', () => {
  const ann = user(7001, 'Ann');

  it('/orders and /balance: empty first, then the order made in the chat, and its deep link', async () => {
    const empty = await h.say(ann, '/orders');
    expect(first(empty)).toBe("<b>No orders yet</b>\nYou haven't made any mobile recharges yet");
    expect(JSON.stringify(empty[0]!.payload.reply_markup)).toContain('Make Your First Recharge');
    expect(first(await h.say(ann, '/balance'))).toContain('Your Balance: <b>$0.00</b>');

    const order = await rechargeViaBot(h, ann);
    const list = first(await h.say(ann, '/orders'));
    expect(list).toContain('Order History');
    expect(list).toContain(`<a href="https://t.me/topup_test_bot?start=order_${order.orderId}">#${order.orderId}</a> · ⏳ Waiting for payment`);
    expect(list).toContain('+2348031234567 · MTN Nigeria · $10.00');

    const details = first(await h.say(ann, `/start order_${order.orderId}`));
    expect(details).toContain(`#${order.orderId}`);
    expect(details).toContain('$10.00 · total $11.00');
    expect(details).toMatch(/<code>0x[0-9a-fA-F]{40}<\/code>/);

    // Someone else's order is not shown.
    expect(first(await h.say(user(7002, 'Bob'), `/start order_${order.orderId}`))).toBe('Order not found.');
  });

  it("/orders names each order's display state (the shared labels, translated): a failed top-up refunded to the balance", async () => {
    for (const [who, label] of [
      [user(7011, 'Eva'), '❌ Failed: refunded to your balance'],
      [user(7012, 'Élise', 'fr'), '❌ Échouée\u00a0: remboursée sur votre solde'],
    ] as const) {
      const order = await rechargeViaBot(h, who);
      await h.api.database.db.transaction(async (tx) => {
        for (const to of ['confirming', 'paid', 'processing', 'failed'] as const) await transition(tx, order.orderId, to, { cause: 'test' });
        const [row] = await tx.select().from(orders).where(eq(orders.id, order.orderId));
        await h.api.services.balances.creditFailedDelivery(tx, row!);
      });
      expect(first(await h.say(who, '/orders'))).toContain(`#${order.orderId}</a> · ${label}`);
    }
  });

  it('/balance shows the balance to the cent (cents in the bot, dollars only on the wire)', async () => {
    const admin = { 'x-admin-token': await adminToken(h.api) };
    const users = (await h.api.call('GET', '/api/admin/users', { headers: admin })).body as { id: number; telegramUserId: number | null }[];
    const userId = users.find((u) => u.telegramUserId === ann.id)!.id;
    expect((await h.api.call('POST', '/api/admin/add-balance', { body: { userId, amount: '1234.57' }, headers: admin })).status).toBe(200);
    expect(first(await h.say(ann, '/balance'))).toContain('Your Balance: <b>$1,234.57</b>');
  });

  it('/help, /support and the mini-app button', async () => {
    expect(first(await h.say(ann, '/help'))).toContain('/recharge – top up a phone');
    const support = first(await h.say(ann, '/support'));
    expect(support).toContain('support@topup.example');
    expect(support).toContain('@topup_support');
    const welcome = (await h.say(ann, '/start'))[0]!;
    expect(JSON.stringify(welcome.payload.reply_markup)).toContain(WEBAPP_URL);
  });

  it("speaks the user's language from Telegram's language code, and /language changes it", async () => {
    const lea = user(7003, 'Léa', 'fr');
    expect(first(await h.say(lea, '/start'))).toContain('Bienvenue, <b>Léa</b>');
    const step = (await h.say(lea, '/recharge')).find((c) => c.method === 'sendMessage')!;
    expect(step.payload.text).toContain('Étape 1 sur 6');
    expect(JSON.stringify(step.payload.reply_markup)).toContain('États-Unis'); // country names in French
    // A French name of a country, with a typo, is understood.
    // French reads naturally: the country's own preposition, a no-break space before the colon.
    expect(first(await h.say(lea, 'Allemagnee'))).toContain("Choisissez l'opérateur en Allemagne 🇩🇪\u00a0:");
    await h.say(lea, '/cancel');
    await h.say(lea, '/recharge');
    expect(first(await h.say(lea, 'Cameroun'))).toContain("Choisissez l'opérateur au Cameroun 🇨🇲\u00a0:");
    await h.say(lea, '/cancel');

    const menu = await h.say(lea, '/language');
    expect(first(menu)).toBe('Choisissez votre langue\u00a0:');
    const mark = h.tg.calls.length;
    await h.send(h.updates.press(lea, h.tg.messageWithButton('lang:es', lea.id)));
    const switched = h.tg.since(mark);
    expect(switched.find((c) => c.method === 'answerCallbackQuery')!.payload.text).toBe('✅ Idioma cambiado a español.');
    expect(switched.find((c) => c.method === 'editMessageText')!.payload.text).toBe('✅ Idioma cambiado a español.');
    // The choice wins over Telegram's language code, and is kept.
    expect(first(await h.say(lea, '/help'))).toContain('Lo que puedo hacer');

    expect(first(await h.say(user(7004, 'João', 'pt-br'), '/start'))).toContain('Bem-vindo, <b>João</b>');
    expect(first(await h.say(user(7005, 'Hans', 'de'), '/start'))).toContain('Welcome, <b>Hans</b>');
  });

  it('stays silent in groups', async () => {
    const group: Update = {
      update_id: 99_999,
      message: {
        message_id: 1,
        date: 0,
        chat: { id: -100123, type: 'supergroup', title: 'G' },
        from: ann,
        text: '/start',
        entities: [{ type: 'bot_command', offset: 0, length: 6 }],
      },
    };
    const mark = h.tg.calls.length;
    await h.send(group);
    expect(h.tg.since(mark)).toEqual([]);
  });

  describe('the commands Telegram requires of a bot that takes payments', () => {
    const PRIVACY_HEADINGS = { en: 'Who we are', fr: 'Qui nous sommes', es: 'Quiénes somos', pt: 'Quem somos' } as const;
    it.each(Object.entries(PRIVACY_HEADINGS))(
      '/privacy in %s: the privacy policy itself, each message within Telegram’s limit, no link',
      async (lang, heading) => {
        const calls = await h.say(user(7100 + Object.keys(PRIVACY_HEADINGS).indexOf(lang), 'Pia', lang), '/privacy');
        const texts = calls.filter((c) => c.method === 'sendMessage').map((c) => c.payload.text as string);
        expect(texts.length).toBeGreaterThan(0);
        for (const text of texts) expect(text.length).toBeLessThanOrEqual(4096);
        const all = texts.join('\n');
        expect(all).toContain(heading);
        // Every section of the site's page, none cut.
        expect((all.match(/<b>\d+\. /g) ?? []).length).toBe(10);
        expect(all).not.toMatch(/https?:\/\//);
      },
    );

    it.each([
      ['en', 'Help with a payment', 'Give this reference'],
      ['fr', 'Aide pour un paiement', 'Indiquez cette référence'],
      ['es', 'Ayuda con un pago', 'Indica esta referencia'],
      ['pt', 'Ajuda com um pagamento', 'Informe esta referência'],
    ])('/paysupport in %s: how to reach support about a payment, with the latest order’s reference', async (lang, title, giveIt) => {
      const payer = user(7200 + ['en', 'fr', 'es', 'pt'].indexOf(lang), 'Pay', lang);
      const none = first(await h.say(payer, '/paysupport'));
      expect(none).toContain(title);
      expect(none).not.toContain('<code>');
      const { orderId } = await rechargeViaBot(h, payer);
      const text = first(await h.say(payer, '/paysupport'));
      expect(text).toContain(giveIt);
      expect(text).toMatch(new RegExp(`<code>Order #${orderId} \\(pay_[^)]+\\)</code>`));
    });
  });

  it('registers the commands in every language and makes the menu button open the mini-app', async () => {
    const mark = h.tg.calls.length;
    await configureTelegram(h.bot.api, WEBAPP_URL);
    const calls = h.tg.since(mark);
    const commands = calls.filter((c) => c.method === 'setMyCommands');
    expect(commands.map((c) => c.payload.language_code)).toEqual([undefined, 'fr', 'es', 'pt']);
    expect(commands[0]!.payload.commands).toContainEqual({ command: 'recharge', description: 'Top up a phone' });
    expect(commands[1]!.payload.commands).toContainEqual({ command: 'recharge', description: 'Recharger un téléphone' });
    for (const { payload } of commands) {
      expect((payload.commands as { command: string }[]).map((c) => c.command)).toEqual(expect.arrayContaining(['privacy', 'paysupport']));
    }
    expect(calls.find((c) => c.method === 'setChatMenuButton')!.payload.menu_button).toEqual({
      type: 'web_app',
      text: 'Recharge',
      web_app: { url: WEBAPP_URL },
    });
  });

  it('answers /help and /support with the API down, and says the service cannot be reached where it is needed', async () => {
    const offline = createBot({
      token: BOT_TOKEN,
      api: new TopupApi({ baseUrl: 'http://127.0.0.1:9', serviceToken: 'x'.repeat(40), timeoutMs: 2000 }),
      botInfo: BOT_INFO,
      webAppUrl: null,
      supportContacts: {},
      transformers: [h.tg.transformer],
    });
    const kim = user(7010, 'Kim');
    let mark = h.tg.calls.length;
    // As the runner and the webhook server do, a failed update goes to the bot's error handler.
    await offline.handleUpdate(h.updates.text(kim, '/help')).catch((err) => offline.errorHandler(err));
    expect(h.tg.since(mark).map((c) => c.payload.text)).toEqual([expect.stringContaining('/recharge – top up a phone')]);
    // In the user's language, from Telegram's language code: the session could not be read.
    mark = h.tg.calls.length;
    await offline.handleUpdate(h.updates.text(user(7011, 'Léa', 'fr'), '/help')).catch((err) => offline.errorHandler(err));
    expect(h.tg.since(mark).map((c) => c.payload.text)).toEqual([expect.stringContaining('/recharge')]);
    expect(h.tg.since(mark)[0]!.payload.text).not.toContain('top up a phone');
    mark = h.tg.calls.length;
    await offline.handleUpdate(h.updates.text(kim, '/support')).catch((err) => offline.errorHandler(err));
    expect(h.tg.since(mark).map((c) => c.payload.text)).toEqual([expect.stringMatching(/^\S/)]);
    expect(h.tg.since(mark)[0]!.payload.text).not.toContain('cannot be reached');
    mark = h.tg.calls.length;
    await offline.handleUpdate(h.updates.text(kim, '/recharge')).catch((err) => offline.errorHandler(err));
    expect(h.tg.since(mark).map((c) => c.payload.text)).toEqual(['The service cannot be reached right now. Please try again in a moment.']);
    mark = h.tg.calls.length;
    await offline.handleUpdate(h.updates.press(kim, { messageId: 1, data: 'g:recharge', kind: 'text' })).catch((err) => offline.errorHandler(err));
    expect(h.tg.since(mark).map((c) => [c.method, c.payload.text])).toEqual([
      ['answerCallbackQuery', 'The service cannot be reached right now. Please try again in a moment.'],
    ]);
  });
});
