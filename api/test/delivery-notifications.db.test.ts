/**
 * Delivery on the sandbox provider: the notification outbox (Telegram for the bot, e-mail receipts).
 * Orders are created over HTTP and made paid through order-state's `transition`, which enqueues the fulfil
 * job; the jobs run on a real JobWorker with the handlers of workers.ts. The Reloadly adapter's delivery:
 * delivery-reloadly.db.test.ts.
 */
import { describe, expect, it } from 'vitest';
import { and, asc, eq, sql } from 'drizzle-orm';
import { jobs, notifications } from '../src/db/schema';
import { enqueue } from '../src/jobs/queue';
import { QUEUES } from '../src/jobs/queues';
import { recordStatusNotifications } from '../src/services/notifications';
import { deliverEmail } from '../src/services/receipts';
import { botHeaders, createOrder, mailsTo, markPaid, orderRow, serviceHeaders } from './delivery-helpers';
import { api, startSandboxDelivery, worker } from './delivery-fixture';

describe('delivery on the sandbox provider', () => {
  startSandboxDelivery();

  // The outbox

  describe('the Telegram outbox', () => {
    /** Marks everything earlier tests left in the outbox as delivered, so what follows is this test's. */
    async function flushOutbox() {
      await api.database.db.update(notifications).set({ deliveredAt: new Date() }).where(eq(notifications.channel, 'telegram'));
    }
    const take = (limit = 100) => api.call('GET', `/api/bot/notifications?limit=${limit}`, { headers: serviceHeaders(api) });

    it('gives the bot each status change of its user order, in order, leased, until acknowledged', async () => {
      await flushOutbox();
      const user = 5_300_001;
      const created = await createOrder(
        api,
        { amount: 10, phoneNumber: '670000321', operatorId: 53, customerEmail: 'someone@telegram.org' },
        botHeaders(api, user),
      );
      await markPaid(api, created.orderId);
      await worker.drain();
      const row = await orderRow(api, created.orderId);
      expect(row.status).toBe('completed');

      const first = await take();
      expect(first.status).toBe(200);
      const got = first.body.notifications as { id: number; chatId: string; payload: Record<string, unknown> }[];
      expect(got.map((n) => n.payload.status)).toEqual(['confirming', 'paid', 'processing', 'completed']);
      expect(got.every((n) => n.chatId === String(user))).toBe(true);
      expect(got.map((n) => n.id)).toEqual([...got.map((n) => n.id)].sort((a, b) => a - b));
      expect(got[0]!.payload).toMatchObject({
        orderId: created.orderId,
        paymentId: created.paymentId,
        kind: 'recharge',
        phoneNumber: '+237670000321',
        operatorName: 'MTN Cameroon',
        amount: '$10.00',
        total: '$11.00',
        cryptoAmount: '11',
        cryptocurrency: 'USDT',
        creditedAmount: null,
        cause: 'test: payment seen',
      });
      expect(got[3]!.payload).toMatchObject({ status: 'completed', transactionId: row.providerTransactionId });

      // Leased: a second take (another bot instance) gets nothing meanwhile.
      expect((await take()).body.notifications).toEqual([]);

      // Not acknowledged and the lease over: they come back (at least once).
      const ids = got.map((n) => n.id);
      await api.database.db.execute(
        sql`update ${notifications} set leased_until = now() - interval '1 second' where id in (${sql.join(
          ids.slice(0, 2).map((id) => sql`${id}`),
          sql`, `,
        )})`,
      );
      const again = (await take()).body.notifications as { id: number }[];
      expect(again.map((n) => n.id)).toEqual(ids.slice(0, 2));
      const attempts = await api.database.db
        .select({ id: notifications.id, attempts: notifications.attempts })
        .from(notifications)
        .where(eq(notifications.orderId, created.orderId))
        .orderBy(asc(notifications.id));
      expect(attempts.map((a) => a.attempts)).toEqual([2, 2, 1, 1]);

      // Acknowledged: delivered, never handed out again, even after the lease.
      const ack = await api.call('POST', '/api/bot/notifications/ack', { body: { ids }, headers: serviceHeaders(api) });
      expect(ack.status).toBe(200);
      await api.database.db.execute(sql`update ${notifications} set leased_until = null where order_id = ${created.orderId}`);
      expect((await take()).body.notifications).toEqual([]);
      const delivered = await api.database.db.select().from(notifications).where(eq(notifications.orderId, created.orderId));
      expect(delivered.every((n) => n.deliveredAt !== null)).toBe(true);

      // A placeholder e-mail gets no receipt.
      expect(delivered.filter((n) => n.channel === 'email')).toEqual([]);
      expect(mailsTo(api, 'someone@telegram.org')).toEqual([]);

      // The same status written twice is one message.
      await api.database.db.transaction((tx) => recordStatusNotifications(tx, row, 'completed', 'written again'));
      const completed = await api.database.db
        .select()
        .from(notifications)
        .where(and(eq(notifications.orderId, created.orderId), eq(notifications.status, 'completed')));
      expect(completed).toHaveLength(1);
      expect(completed[0]!.payload).toMatchObject({ cause: 'the provider confirmed the top-up' });
      expect((await take()).body.notifications).toEqual([]);
    });

    it('is for the bot only', async () => {
      expect((await api.call('GET', '/api/bot/notifications')).status).toBe(401);
      expect((await api.call('GET', '/api/bot/notifications', { headers: { 'x-service-token': 'not-the-secret' } })).status).toBe(401);
      expect((await api.call('POST', '/api/bot/notifications/ack', { body: { ids: [1] }, headers: { 'x-service-token': 'not-the-secret' } })).status).toBe(401);
    });

    it('writes no Telegram message for an anonymous order', async () => {
      await flushOutbox();
      const created = await createOrder(api, { amount: 10, phoneNumber: '670000322', operatorId: 53 });
      await markPaid(api, created.orderId);
      await worker.drain();
      expect(await api.database.db.select().from(notifications).where(eq(notifications.orderId, created.orderId))).toEqual([]);
      expect((await take()).body.notifications).toEqual([]);
    });
  });

  describe('e-mail receipts', () => {
    it('sends a receipt when paid and when completed, through the e-mail job, to the local mail outbox', async () => {
      const email = 'ana.receipts@gmail.com';
      const created = await createOrder(api, { amount: 10, phoneNumber: '670000654', operatorId: 53, email });
      await markPaid(api, created.orderId);
      await worker.drain();
      const row = await orderRow(api, created.orderId);
      expect(row.status).toBe('completed');
      const mails = mailsTo(api, email);
      expect(mails.map((m) => m.subject).sort()).toEqual(
        [`Payment received – order #${created.orderId}`, `Your top-up was sent – order #${created.orderId}`].sort(),
      );
      expect(mails.find((m) => m.subject.startsWith('Your top-up'))!.body).toContain(row.providerTransactionId!);
      const sent = await api.database.db
        .select()
        .from(notifications)
        .where(and(eq(notifications.orderId, created.orderId), eq(notifications.channel, 'email')));
      expect(sent.map((n) => n.status).sort()).toEqual(['completed', 'paid']);
      expect(sent.every((n) => n.deliveredAt !== null && n.recipient === email)).toBe(true);
      expect(await api.database.db.select().from(jobs).where(eq(jobs.queue, QUEUES.email))).toEqual([]);

      // The e-mail job run twice (re-enqueued, or run directly) sends once.
      const paidMail = sent.find((n) => n.status === 'paid')!;
      await enqueue(api.database.db, { queue: QUEUES.email, key: `${QUEUES.email}:${paidMail.id}`, payload: { notificationId: paidMail.id } });
      expect(await worker.drain()).toBe(1);
      await deliverEmail(api.database.db, api.services.mailer, api.services.orderPages, paidMail.id);
      expect(mailsTo(api, email)).toHaveLength(2);
    });

    it('sends a receipt when a delivery failed, naming the credit and where it is (kept for whoever signs in with the address)', async () => {
      const email = 'ben.receipts@gmail.com';
      const created = await createOrder(api, { amount: 10, phoneNumber: '670000001', operatorId: 53, email });
      await markPaid(api, created.orderId);
      await worker.drain();
      expect((await orderRow(api, created.orderId)).status).toBe('failed');
      const subjects = mailsTo(api, email)
        .map((m) => m.subject)
        .sort();
      expect(subjects).toEqual([`Payment received – order #${created.orderId}`, `Top-up failed – $11.00 kept for you – order #${created.orderId}`].sort());
      const failed = mailsTo(api, email).find((m) => m.subject.startsWith('Top-up failed'))!;
      expect(failed.body).toContain(`Sign in with this e-mail (${email}) to use it`);
    });

    it('writes receipts in the order’s language: its own field, else the browser’s, with the order’s page', async () => {
      const lea = 'lea.receipts@gmail.com';
      const fr = await createOrder(api, { amount: 10, phoneNumber: '670000656', operatorId: 53, email: lea, locale: 'fr' }, { 'accept-language': 'en-US' });
      const joao = 'joao.receipts@gmail.com';
      const pt = await createOrder(
        api,
        { amount: 10, phoneNumber: '670000001', operatorId: 53, email: joao },
        { 'accept-language': 'pt-BR,pt;q=0.9,en;q=0.5' },
      );
      expect([(await orderRow(api, fr.orderId)).locale, (await orderRow(api, pt.orderId)).locale]).toEqual(['fr', 'pt']);
      await markPaid(api, fr.orderId);
      await markPaid(api, pt.orderId);
      await worker.drain();
      const nbsp = (text: string) => text.replace(/[\u00a0\u202f]/g, ' ');
      // Bodies with non-ASCII text travel quoted-printable.
      // mailsTo decodes the quoted-printable body already.
      const body = nbsp;
      const french = mailsTo(api, lea).map((m) => ({ subject: nbsp(m.subject), body: body(m.body) }));
      expect(french.map((m) => m.subject).sort()).toEqual([
        `Paiement reçu – commande n° ${fr.orderId}`,
        `Votre recharge a été envoyée – commande n° ${fr.orderId}`,
      ]);
      expect(french.find((m) => m.subject.startsWith('Votre recharge'))!.body).toContain(
        "C'est fait : 10,00 $US de crédit pour le +237670000656 (MTN Cameroon)",
      );
      expect(french.find((m) => m.subject.startsWith('Paiement'))!.body).toContain('Payé : 11 USDT (11,00 $US)');
      // The delivery failed: the credit (kept for this anonymous order) is named in Portuguese money.
      expect(
        mailsTo(api, joao)
          .map((m) => nbsp(m.subject))
          .sort(),
      ).toEqual([`A recarga falhou – US$ 11,00 guardados para você – pedido nº ${pt.orderId}`, `Pagamento recebido – pedido nº ${pt.orderId}`].sort());
      // With the site's address known, the receipt links the order's page.
      const [paid] = await api.database.db
        .select()
        .from(notifications)
        .where(and(eq(notifications.orderId, fr.orderId), eq(notifications.status, 'paid')));
      await api.database.db.update(notifications).set({ deliveredAt: null }).where(eq(notifications.id, paid!.id));
      await deliverEmail(api.database.db, api.services.mailer, { ...api.services.orderPages, siteUrl: 'https://topup.example/' }, paid!.id);
      const linked = mailsTo(api, lea)
        .map((m) => body(m.body))
        .filter((text) => text.includes('https://topup.example/orders/'));
      expect(linked).toHaveLength(1);
      expect(linked[0]).toContain(`Retrouvez votre commande à tout moment : https://topup.example/orders/${fr.paymentId}`);
    });

    it('sends no receipt to a placeholder address', async () => {
      const created = await createOrder(api, { amount: 10, phoneNumber: '670000655', operatorId: 53, email: 'buyer@example.com' });
      await markPaid(api, created.orderId);
      await worker.drain();
      expect((await orderRow(api, created.orderId)).status).toBe('completed');
      expect(await api.database.db.select().from(notifications).where(eq(notifications.orderId, created.orderId))).toEqual([]);
      expect(mailsTo(api, 'buyer@example.com')).toEqual([]);
    });

    it('keeps every message in the local outbox, even several to one address at once', async () => {
      const email = 'many.receipts@gmail.com';
      await Promise.all(Array.from({ length: 10 }, (_, i) => api.services.mailer.send({ to: email, subject: `Receipt ${i}`, text: `number ${i}` })));
      expect(
        mailsTo(api, email)
          .map((m) => m.subject)
          .sort(),
      ).toEqual(Array.from({ length: 10 }, (_, i) => `Receipt ${i}`).sort());
    });
  });
});
