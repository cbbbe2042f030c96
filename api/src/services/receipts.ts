import { eq } from 'drizzle-orm';
import {
  catalogFor,
  DEFAULT_LOCALE,
  formatUsdIn,
  isSupportReply,
  orderPageUrl,
  pinLines,
  type TNotificationPayload,
  type TOutboxPayload,
  type TSupportReplyPayload,
} from '@topup/shared';
import type { Db } from '../db/client';
import { notifications } from '../db/schema';
import type { Mail, Mailer } from './mailer';
import type { OrderTokens } from './order-tokens';

/**
 * The order's page on the web site, `/orders/{paymentId}?token=…`: the token is read-only (it opens the
 * order's story and proves nothing else), so a forwarded receipt cannot cancel the order or claim its credit.
 */
export interface OrderPageLinks {
  /** The site's address: PUBLIC_URL, else where this server listens. */
  siteUrl: string;
  tokens: OrderTokens;
}

export function orderPageLink(links: OrderPageLinks, paymentId: string): string {
  return `${orderPageUrl(links.siteUrl, paymentId)}?token=${links.tokens.viewToken(paymentId)}`;
}

/**
 * The e-mail receipt for a status: a short plain-text message in the order's language (English for
 * orders made before languages were kept), with the link to the order's page.
 */
export function renderReceipt(to: string, p: TNotificationPayload, pageUrl: string): Mail {
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
  // An order made without an account keeps its credit until someone signs in with this very address.
  const failed = p.creditedTo === 'held' ? t.receiptFailedHeld : t.receiptFailed;
  const [subject, body] =
    p.status === 'paid'
      ? [t.receiptPaid.subject(p), t.receiptPaid.body({ paid })]
      : p.status === 'completed'
        ? [t.receiptCompleted.subject({ orderId: p.orderId, balanceTopup }), t.receiptCompleted.body({ what, transactionId: p.transactionId })]
        : p.status === 'failed'
          ? [failed.subject({ orderId: p.orderId, credited }), failed.body({ what, credited, email: to })]
          : [t.receiptOther.subject({ orderId: p.orderId, status: catalogFor(locale).common.statusNames[p.status] }), p.cause];
  const common = catalogFor(locale).common;
  // The voucher goes only to the order's own address: this receipt is the owner's.
  const pin =
    p.status === 'completed' && p.pin
      ? `\n\n${common.pin.title}\n${common.pin.intro}\n${pinLines(common.pin, p.pin)
          .map((l) => `${l.label}${common.colon} ${l.value}`)
          .join('\n')}`
      : '';
  return {
    to,
    subject,
    text: `${body}${pin}

${t.footer({ orderId: p.orderId, paid })}

${t.orderLink({ url: pageUrl })}

${t.thanks}
`,
  };
}

/** A support answer: the answer, the customer's own words it answers, and the order's page, as plain text. */
function renderSupportReply(to: string, p: TSupportReplyPayload, pageUrl: string | null): Mail {
  const t = catalogFor(p.locale ?? DEFAULT_LOCALE).email.supportReply;
  const quoted = p.question ? `\n\n${t.youWrote}\n${p.question.replace(/^/gm, '> ')}` : '';
  const order = pageUrl ? `\n${t.seeOrder({ url: pageUrl })}` : '';
  return { to, subject: t.subject({ orderId: p.orderId }), text: `${p.text}${quoted}\n${order}\n${t.howToAnswer}\n` };
}

function renderMail(to: string, p: TOutboxPayload, links: OrderPageLinks): Mail {
  if (isSupportReply(p)) return renderSupportReply(to, p, p.paymentId ? orderPageLink(links, p.paymentId) : null);
  return renderReceipt(to, p, orderPageLink(links, p.paymentId));
}

/** The e-mail job: sends one outbox message unless it was sent already. */
export async function deliverEmail(db: Db, mailer: Mailer, links: OrderPageLinks, notificationId: number): Promise<void> {
  const [n] = await db.select().from(notifications).where(eq(notifications.id, notificationId));
  if (!n || n.deliveredAt) return;
  await mailer.send(renderMail(n.recipient, n.payload, links));
  await db
    .update(notifications)
    .set({ deliveredAt: new Date(), attempts: n.attempts + 1 })
    .where(eq(notifications.id, notificationId));
}
