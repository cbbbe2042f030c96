import { eq, sql } from 'drizzle-orm';
import {
  CHAINS,
  formatCryptoAmount,
  formatUsd,
  ORDER_STATUS_RULES,
  type TNotificationPayload,
  type TOrderStatus,
  type TOutboxPayload,
  type TSupportReplyPayload,
} from '@topup/shared';
import { rowsOf, type Db, type DbOrTx } from '../db/client';
import { customers, notifications, telegramMessages, type OrderRow } from '../db/schema';
import { enqueue } from '../jobs/queue';
import { QUEUES } from '../jobs/queues';

/** Addresses the spec's clients send as placeholders (a Telegram-style domain, a generic web address). */
const PLACEHOLDER_EMAIL = /@(telegram\.(org|me)|t\.me|example\.(com|org))$/i;

function notificationPayload(order: OrderRow, status: TOrderStatus, cause: string): TNotificationPayload {
  // Coins of the built-in registry: every registry entry that ships is in it.
  const coin = order.coin ? (CHAINS.coin(order.coin) ?? null) : null;
  return {
    orderId: order.id,
    paymentId: order.paymentId,
    status,
    kind: order.kind,
    phoneNumber: order.phoneNumber,
    operatorName: order.operatorName,
    amount: formatUsd(order.amountCents),
    total: formatUsd(order.totalCents),
    cryptoAmount: coin && order.cryptoAmount ? formatCryptoAmount(BigInt(order.cryptoAmount), coin.decimals) : null,
    cryptocurrency: coin?.symbol ?? null,
    transactionId: order.providerTransactionId,
    creditedAmount: status === 'failed' ? formatUsd(order.totalCents) : null,
    creditedTo: status !== 'failed' ? null : order.customerId === null ? 'held' : 'on_balance',
    cause,
    locale: order.locale,
    amountCents: order.amountCents,
    totalCents: order.totalCents,
    // Only the completed-order receipt carries the voucher: it goes to the owner's own chat or address.
    pin: status === 'completed' ? order.pinDetail : null,
  };
}

/**
 * Writes the messages a status change sends, in the transaction of the change (the outbox): the
 * Telegram chat of the user who made the order or of its customer, an e-mail receipt when they gave a
 * real address. Each carries the order's id and payment id: the bot shows the order with
 * `/start order_<id>`, the e-mail links its page (receipts.ts).
 */
export async function recordStatusNotifications(tx: DbOrTx, order: OrderRow, status: TOrderStatus, cause: string): Promise<void> {
  const payload = notificationPayload(order, status, cause);
  const rows: (typeof notifications.$inferInsert)[] = [];
  if (ORDER_STATUS_RULES[status].tells.telegram) {
    // The Telegram user who made it (customer or not yet), else the chat of the customer it belongs to.
    const [customer] =
      order.telegramUserId === null && order.customerId !== null
        ? await tx.select({ telegramUserId: customers.telegramUserId }).from(customers).where(eq(customers.id, order.customerId))
        : [];
    const chat = order.telegramUserId ?? customer?.telegramUserId ?? null;
    if (chat !== null) rows.push({ orderId: order.id, channel: 'telegram', recipient: String(chat), status, payload });
  }
  const email = order.email && !isPlaceholderEmail(order.email) ? order.email : null;
  if (email && ORDER_STATUS_RULES[status].tells.email) rows.push({ orderId: order.id, channel: 'email', recipient: email, status, payload });
  await writeOutbox(tx, rows);
}

/**
 * Writes a support answer to the outbox, in the transaction that stores it: to the customer's e-mail
 * address, or to their Telegram chat (the bot takes it like any other message).
 */
export async function recordSupportReply(
  tx: DbOrTx,
  reply: { messageId: number; to: { channel: 'email'; address: string } | { channel: 'telegram'; chatId: number } },
  payload: TSupportReplyPayload,
): Promise<void> {
  const recipient = reply.to.channel === 'email' ? reply.to.address : String(reply.to.chatId);
  await writeOutbox(tx, [{ supportMessageId: reply.messageId, channel: reply.to.channel, recipient, payload }]);
}

/** Inserts outbox messages (a second write of one is a no-op) and queues the e-mails among them. */
async function writeOutbox(tx: DbOrTx, rows: (typeof notifications.$inferInsert)[]): Promise<void> {
  if (rows.length === 0) return;
  const inserted = await tx.insert(notifications).values(rows).onConflictDoNothing().returning({ id: notifications.id, channel: notifications.channel });
  for (const n of inserted.filter((r) => r.channel === 'email')) {
    await enqueue(tx, { queue: QUEUES.email, key: `${QUEUES.email}:${n.id}`, payload: { notificationId: n.id }, maxAttempts: 20 });
  }
}

/** Whether an address is one of the placeholders the spec's clients send instead of a real one. */
export function isPlaceholderEmail(address: string): boolean {
  return PLACEHOLDER_EMAIL.test(address);
}

const LEASE_SECONDS = 30;

/** The Telegram side of the outbox, consumed by the bot over the API. */
export class TelegramOutbox {
  constructor(private readonly db: Db) {}

  /**
   * Undelivered messages, oldest first, leased to the caller for a while so another bot instance does
   * not send them meanwhile. A message not acknowledged comes back after the lease: at least once.
   */
  async take(limit: number): Promise<{ id: number; chatId: string; messageId: number | null; payload: TOutboxPayload }[]> {
    const result = await this.db.execute(sql`
      with due as (
        select id from ${notifications}
        where channel = 'telegram' and delivered_at is null and (leased_until is null or leased_until < now())
        order by id limit ${limit}
        for update skip locked
      )
      update ${notifications} n set leased_until = now() + make_interval(secs => ${LEASE_SECONDS}), attempts = n.attempts + 1
      from due where n.id = due.id
      returning n.id, n.recipient, n.payload,
        (select m.message_id from ${telegramMessages} m where m.order_id = n.order_id) as message_id`);
    const rows = rowsOf<{ id: number | string; recipient: string; payload: TOutboxPayload; message_id: number | null }>(result);
    return rows.map((r) => ({ id: Number(r.id), chatId: r.recipient, messageId: r.message_id, payload: r.payload })).sort((a, b) => a.id - b.id);
  }

  async acknowledge(ids: number[]): Promise<void> {
    if (ids.length === 0) return;
    await this.db.execute(
      sql`update ${notifications} set delivered_at = now() where id in (${sql.join(
        ids.map((id) => sql`${id}`),
        sql`, `,
      )}) and delivered_at is null`,
    );
  }
}
