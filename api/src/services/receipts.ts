import { eq } from 'drizzle-orm';
import type { Db } from '../db/client';
import { notifications } from '../db/schema';
import type { Mail, Mailer } from './mailer';
import { isSupportReply, type TNotificationPayload, type TOutboxPayload, type TSupportReplyPayload } from '@topup/shared';
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

export function orderPageUrl(links: OrderPageLinks, paymentId: string): string {
  return `${links.siteUrl.replace(/\/+$/, '')}/orders/${paymentId}?token=${links.tokens.viewToken(paymentId)}`;
}

/** The e-mail receipt for a status: a short plain-text message, with the order page's link. */
function renderReceipt(to: string, p: TNotificationPayload, pageUrl: string): Mail {
  const what = p.kind === 'balance_topup' ? `Balance top-up of ${p.amount}` : `${p.amount} of airtime for ${p.phoneNumber} (${p.operatorName})`;
  const paid = p.cryptoAmount ? `${p.cryptoAmount} ${p.cryptocurrency} (${p.total})` : p.total;
  const credited = p.creditedAmount ?? p.total;
  // An order made without an account keeps its credit until someone signs in with this very address.
  const failed: [string, string] =
    p.creditedTo === 'held'
      ? [
          `Top-up failed – ${credited} kept for you – order #${p.orderId}`,
          `We could not deliver ${what}. Nothing is lost: ${credited} is kept for you. Sign in with this e-mail (${to}) to use it: it is on your balance as soon as you do.`,
        ]
      : [
          `Top-up failed – ${credited} credited to your balance – order #${p.orderId}`,
          `We could not deliver ${what}. Nothing is lost: ${credited} was credited to your balance; use it for your next top-up.`,
        ];
  const lines: Record<string, [string, string]> = {
    paid: [`Payment received – order #${p.orderId}`, `We received your payment of ${paid}. Your top-up is on its way.`],
    completed: [
      p.kind === 'balance_topup' ? `Your balance was topped up – order #${p.orderId}` : `Your top-up was sent – order #${p.orderId}`,
      `Done: ${what}.${p.transactionId ? ` Transaction id: ${p.transactionId}.` : ''}`,
    ],
    failed,
  };
  const [subject, body] = lines[p.status] ?? [`Order #${p.orderId}: ${p.status}`, p.cause];
  return { to, subject, text: `${body}\n\nOrder: #${p.orderId}\nPaid: ${paid}\nSee your order: ${pageUrl}\n\nThank you for using our service.\n` };
}

/** A support answer: the answer, the customer's own words it answers, and the order's page, as plain text. */
function renderSupportReply(to: string, p: TSupportReplyPayload, pageUrl: string | null): Mail {
  const about = p.orderId === null ? '' : ` about order #${p.orderId}`;
  const quoted = p.question ? `\n\nYou wrote:\n${p.question.replace(/^/gm, '> ')}` : '';
  const order = pageUrl ? `\nSee your order: ${pageUrl}` : '';
  return {
    to,
    subject: `Re: your message to support${about}`,
    text: `${p.text}${quoted}\n${order}\nTo answer, open the live chat on our site again (in the same browser, or signed in).\n`,
  };
}

function renderMail(to: string, p: TOutboxPayload, links: OrderPageLinks): Mail {
  if (isSupportReply(p)) return renderSupportReply(to, p, p.paymentId ? orderPageUrl(links, p.paymentId) : null);
  return renderReceipt(to, p, orderPageUrl(links, p.paymentId));
}

/** The e-mail job: sends one outbox message unless it was sent already. */
export async function deliverEmail(db: Db, mailer: Mailer, links: OrderPageLinks, notificationId: number): Promise<void> {
  const [n] = await db.select().from(notifications).where(eq(notifications.id, notificationId));
  if (!n || n.deliveredAt) return;
  await mailer.send(renderMail(n.recipient, n.payload, links));
  await db.update(notifications).set({ deliveredAt: new Date(), attempts: n.attempts + 1 }).where(eq(notifications.id, notificationId));
}
