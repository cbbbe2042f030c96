import { eq } from 'drizzle-orm';
import { catalogFor, DEFAULT_LOCALE, formatUsdIn, orderPageUrl, type TNotificationPayload } from '@topup/shared';
import type { Db } from '../db/client';
import { notifications } from '../db/schema';
import type { Mail, Mailer } from './mailer';

/**
 * The e-mail receipt for a status: a short plain-text message in the order's language (English for
 * orders made before languages were kept), with the order's page when the site's address is known.
 */
export function renderReceipt(to: string, p: TNotificationPayload, siteUrl?: string): Mail {
  const locale = p.locale ?? DEFAULT_LOCALE;
  const t = catalogFor(locale).email;
  const money = (cents: number | undefined, written: string) => (cents === undefined ? written : formatUsdIn(locale, cents));
  const amount = money(p.amountCents, p.amount);
  const total = money(p.totalCents, p.total);
  const credited = money(p.totalCents, p.creditedAmount ?? p.total);
  const what =
    p.kind === 'balance_topup' ? t.whatBalanceTopup({ amount }) : t.whatRecharge({ amount, phone: p.phoneNumber ?? '', operator: p.operatorName ?? '' });
  const paid = p.cryptoAmount ? t.paidAmount({ crypto: `${p.cryptoAmount} ${p.cryptocurrency}`, usd: total }) : total;
  const balanceTopup = p.kind === 'balance_topup';
  const [subject, body] =
    p.status === 'paid'
      ? [t.receiptPaid.subject(p), t.receiptPaid.body({ paid })]
      : p.status === 'completed'
        ? [t.receiptCompleted.subject({ orderId: p.orderId, balanceTopup }), t.receiptCompleted.body({ what, transactionId: p.transactionId })]
        : p.status === 'failed'
          ? [t.receiptFailed.subject({ orderId: p.orderId, credited }), t.receiptFailed.body({ what, credited })]
          : [t.receiptOther.subject({ orderId: p.orderId, status: catalogFor(locale).common.statusNames[p.status] }), p.cause];
  const link = siteUrl ? `\n\n${t.orderLink({ url: orderPageUrl(siteUrl, p.paymentId) })}` : '';
  return { to, subject, text: `${body}\n\n${t.footer({ orderId: p.orderId, paid })}${link}\n\n${t.thanks}\n` };
}

/** The e-mail job: sends one outbox message unless it was sent already. `siteUrl`: the public address of the site. */
export async function deliverEmail(db: Db, mailer: Mailer, notificationId: number, siteUrl?: string): Promise<void> {
  const [n] = await db.select().from(notifications).where(eq(notifications.id, notificationId));
  if (!n || n.deliveredAt) return;
  await mailer.send(renderReceipt(n.recipient, n.payload, siteUrl));
  await db.update(notifications).set({ deliveredAt: new Date(), attempts: n.attempts + 1 }).where(eq(notifications.id, notificationId));
}
