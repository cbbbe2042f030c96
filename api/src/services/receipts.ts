import { eq } from 'drizzle-orm';
import type { Db } from '../db/client';
import { notifications } from '../db/schema';
import type { Mail, Mailer } from './mailer';
import { isSupportReply, type TNotificationPayload, type TOutboxPayload, type TSupportReplyPayload } from '@topup/shared';

/** The e-mail receipt for a status: a short plain-text message. */
function renderReceipt(to: string, p: TNotificationPayload): Mail {
  const what = p.kind === 'balance_topup' ? `Balance top-up of ${p.amount}` : `${p.amount} of airtime for ${p.phoneNumber} (${p.operatorName})`;
  const paid = p.cryptoAmount ? `${p.cryptoAmount} ${p.cryptocurrency} (${p.total})` : p.total;
  const lines: Record<string, [string, string]> = {
    paid: [`Payment received – order #${p.orderId}`, `We received your payment of ${paid}. Your top-up is on its way.`],
    completed: [
      p.kind === 'balance_topup' ? `Your balance was topped up – order #${p.orderId}` : `Your top-up was sent – order #${p.orderId}`,
      `Done: ${what}.${p.transactionId ? ` Transaction id: ${p.transactionId}.` : ''}`,
    ],
    failed: [
      `Top-up failed – ${p.creditedAmount} credited to your balance – order #${p.orderId}`,
      `We could not deliver ${what}. Nothing is lost: ${p.creditedAmount} was credited to your balance; use it for your next top-up.`,
    ],
  };
  const [subject, body] = lines[p.status] ?? [`Order #${p.orderId}: ${p.status}`, p.cause];
  return { to, subject, text: `${body}\n\nOrder: #${p.orderId}\nPaid: ${paid}\n\nThank you for using our service.\n` };
}

/** A support answer: the answer, then the customer's own words it answers, as plain text. */
function renderSupportReply(to: string, p: TSupportReplyPayload): Mail {
  const about = p.orderId === null ? '' : ` about order #${p.orderId}`;
  const quoted = p.question ? `\n\nYou wrote:\n${p.question.replace(/^/gm, '> ')}` : '';
  return {
    to,
    subject: `Re: your message to support${about}`,
    text: `${p.text}${quoted}\n\nTo answer, open the live chat on our site again (in the same browser, or signed in).\n`,
  };
}

function renderMail(to: string, p: TOutboxPayload): Mail {
  return isSupportReply(p) ? renderSupportReply(to, p) : renderReceipt(to, p);
}

/** The e-mail job: sends one outbox message unless it was sent already. */
export async function deliverEmail(db: Db, mailer: Mailer, notificationId: number): Promise<void> {
  const [n] = await db.select().from(notifications).where(eq(notifications.id, notificationId));
  if (!n || n.deliveredAt) return;
  await mailer.send(renderMail(n.recipient, n.payload));
  await db.update(notifications).set({ deliveredAt: new Date(), attempts: n.attempts + 1 }).where(eq(notifications.id, notificationId));
}
