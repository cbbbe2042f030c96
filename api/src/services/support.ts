import crypto from 'node:crypto';
import { desc, eq, inArray, sql, type SQL } from 'drizzle-orm';
import { SUPPORT_TEXTS, type TSupportConversation, type TSupportReplyRoute, type TSupportThread, type TSupportThreadSummary } from '@topup/shared';
import { rowsOf, type Db, type DbOrTx } from '../db/client';
import { admins, customers, notifications, orders, supportMessages, supportThreads } from '../db/schema';
import { recordAudit } from './audit';
import { customerNames, type Customer } from './customers';
import { AppError } from './errors';
import { isPlaceholderEmail, recordSupportReply } from './notifications';
import type { OrderTokens } from './order-tokens';
import { isOwner } from './orders/ownership';

/**
 * The support inbox (docs/web.md "Support"). A customer's messages are kept in one conversation: the
 * signed-in customer's (web session, mini-app, bot), or, for a visitor without an account, the one whose
 * random token their browser keeps. Admins read the conversations and answer; an answer is shown in
 * the chat when the customer opens it again and is also sent by e-mail or in the Telegram bot (the
 * outbox), whichever reaches them: `replyRouteOf` is the rule.
 */

type ThreadRow = typeof supportThreads.$inferSelect;
type ThreadCustomer = Pick<typeof customers.$inferSelect, 'id' | 'email' | 'firstName' | 'lastName' | 'telegramUserId'>;

/**
 * Who writes: the customer the request names (if any), how they came, the conversation token their
 * browser holds, and what proves they own an order they name (the Telegram user, order tokens).
 */
export interface SupportCaller {
  customer?: Customer;
  channel?: 'web' | 'telegram' | 'bot';
  token?: string;
  telegramUserId?: number;
  orderTokens?: string[];
}

/** A reply route, with the chat id the Telegram outbox needs. */
type Route = { channel: 'email'; address: string } | { channel: 'telegram'; chatId: number };

/**
 * Where an answer goes besides the chat: the address the customer gave; else their Telegram chat when
 * they wrote from Telegram; else their account's e-mail; else their Telegram chat; else nowhere.
 */
function replyRouteOf(thread: Pick<ThreadRow, 'contactEmail' | 'channel'>, customer: Pick<ThreadCustomer, 'email' | 'telegramUserId'> | null): Route | null {
  if (thread.contactEmail) return { channel: 'email', address: thread.contactEmail };
  const chatId = customer?.telegramUserId ?? null;
  if (chatId !== null && thread.channel !== 'web') return { channel: 'telegram', chatId };
  if (customer?.email && !isPlaceholderEmail(customer.email)) return { channel: 'email', address: customer.email };
  if (chatId !== null) return { channel: 'telegram', chatId };
  return null;
}

/** What the customer and the admins are told of a route (no chat ids on the wire). */
function publicRoute(route: Route | null): TSupportReplyRoute | null {
  if (!route) return null;
  return route.channel === 'email' ? route : { channel: 'telegram' };
}

const hashToken = (token: string) => crypto.createHash('sha256').update(token).digest('hex');

/** The first characters of a message, on one line, for the inbox list. */
const PREVIEW_LENGTH = 140;
const preview = (text: string) => {
  const line = text.replace(/\s+/g, ' ').trim();
  return line.length > PREVIEW_LENGTH ? `${line.slice(0, PREVIEW_LENGTH - 1)}…` : line;
};

/**
 * Whether an answer sent by `route` reaches the order's own owner: its e-mail address, or its Telegram
 * user's chat. Only then may the answer carry the order's page link (it opens the customer's data).
 */
function reachesOrderOwner(route: Route, order: { email: string | null; telegramUserId: number | null }): boolean {
  if (route.channel === 'telegram') return order.telegramUserId !== null && route.chatId === order.telegramUserId;
  return order.email !== null && order.email.trim().toLowerCase() === route.address.trim().toLowerCase();
}

export class SupportService {
  constructor(
    private readonly db: Db,
    private readonly tokens: OrderTokens,
  ) {}

  // The customer's side.

  /** The caller's conversation as they see it (empty when they have none). */
  async conversation(caller: SupportCaller): Promise<TSupportConversation> {
    const thread = await this.findThread(this.db, caller);
    return thread ? this.customerView(this.db, thread, null) : { success: true, threadToken: null, replyTo: null, messages: [] };
  }

  /**
   * Stores a customer's message in their conversation, starting one when they have none: a visitor
   * without an account must give an e-mail address, or nobody could answer them but the chat (a
   * signed-in customer reads the answer in the chat from any browser). The order named is linked only
   * when the writer owns it: a payment id is no proof (anyone may have read it), and a linked order's
   * page is what an answer would point to.
   */
  async send(caller: SupportCaller, input: { text: string; email?: string; paymentId?: string }): Promise<TSupportConversation> {
    return this.db.transaction(async (tx) => {
      let orderId: number | null = null;
      if (input.paymentId) {
        const [order] = await tx
          .select({ id: orders.id, paymentId: orders.paymentId, customerId: orders.customerId, telegramUserId: orders.telegramUserId })
          .from(orders)
          .where(eq(orders.paymentId, input.paymentId));
        if (!order) throw new AppError('VALIDATION_ERROR', SUPPORT_TEXTS.unknownOrder);
        const proof = { customerId: caller.customer?.id, telegramUserId: caller.telegramUserId, orderTokens: caller.orderTokens ?? [] };
        if (isOwner(order, proof, this.tokens)) orderId = order.id;
      }
      const found = await this.findThread(tx, caller);
      const customer = caller.customer ?? null;
      const channel = caller.channel ?? 'web';
      if (!found && !customer && !input.email) {
        throw new AppError('VALIDATION_ERROR', SUPPORT_TEXTS.emailNeeded);
      }
      const newToken = found ? null : crypto.randomBytes(32).toString('base64url');
      const now = new Date();
      const values = {
        lastMessageAt: now,
        // A visitor who signs in later keeps the conversation their browser started.
        customerId: found?.customerId ?? customer?.id ?? null,
        contactEmail: input.email ?? found?.contactEmail ?? null,
      };
      const [thread] = found
        ? await tx.update(supportThreads).set(values).where(eq(supportThreads.id, found.id)).returning()
        : await tx
            .insert(supportThreads)
            .values({ ...values, tokenHash: hashToken(newToken!), channel })
            .returning();
      await tx.insert(supportMessages).values({ threadId: thread!.id, author: 'customer', body: input.text, orderId, createdAt: now });
      return this.customerView(tx, thread!, newToken);
    });
  }

  /**
   * The conversation the browser's token opens, unless it is another signed-in customer's; else the
   * signed-in customer's latest.
   */
  private async findThread(db: DbOrTx, caller: SupportCaller): Promise<ThreadRow | null> {
    if (caller.token) {
      const [byToken] = await db
        .select()
        .from(supportThreads)
        .where(eq(supportThreads.tokenHash, hashToken(caller.token)));
      if (byToken && (byToken.customerId === null || !caller.customer || byToken.customerId === caller.customer.id)) return byToken;
    }
    if (!caller.customer) return null;
    const [latest] = await db
      .select()
      .from(supportThreads)
      .where(eq(supportThreads.customerId, caller.customer.id))
      .orderBy(desc(supportThreads.lastMessageAt))
      .limit(1);
    return latest ?? null;
  }

  private async customerView(db: DbOrTx, thread: ThreadRow, threadToken: string | null): Promise<TSupportConversation> {
    const rows = await db
      .select({
        id: supportMessages.id,
        author: supportMessages.author,
        body: supportMessages.body,
        paymentId: orders.paymentId,
        createdAt: supportMessages.createdAt,
      })
      .from(supportMessages)
      .leftJoin(orders, eq(orders.id, supportMessages.orderId))
      .where(eq(supportMessages.threadId, thread.id))
      .orderBy(supportMessages.id);
    return {
      success: true,
      threadToken,
      replyTo: publicRoute(replyRouteOf(thread, await customerNames(db, thread.customerId))),
      messages: rows.map((m) => ({
        id: m.id,
        from: m.author === 'admin' ? 'support' : 'customer',
        text: m.body,
        paymentId: m.paymentId ?? null,
        createdAt: m.createdAt,
      })),
    };
  }

  // The admins' side.

  /** Conversations, latest message first, with their unread counts. */
  async threads(page: number, pageSize: number): Promise<{ total: number; threads: TSupportThreadSummary[] }> {
    const [{ total } = { total: 0 }] = await this.db.select({ total: sql<number>`count(*)::int` }).from(supportThreads);
    const rows = await this.summaries(sql`true`, pageSize, (page - 1) * pageSize);
    return { total, threads: rows };
  }

  /** The dashboard's count: customer messages no admin has read, and in how many conversations. */
  async unread(): Promise<{ unreadThreads: number; unreadMessages: number }> {
    const result = await this.db.execute(sql`
      select count(distinct m.thread_id)::int as threads, count(*)::int as messages
      from ${supportMessages} m join ${supportThreads} t on t.id = m.thread_id
      where m.author = 'customer' and m.id > coalesce(t.admin_read_through, 0)`);
    const row = rowsOf<{ threads: number; messages: number }>(result)[0];
    return { unreadThreads: row?.threads ?? 0, unreadMessages: row?.messages ?? 0 };
  }

  /** One conversation with its messages, each answer with its delivery by e-mail or Telegram. */
  async thread(id: number): Promise<TSupportThread> {
    const [summary] = await this.summaries(sql`t.id = ${id}`, 1, 0);
    if (!summary) throw new AppError('NOT_FOUND', `Conversation ${id} not found`);
    const rows = await this.db
      .select({
        id: supportMessages.id,
        author: supportMessages.author,
        adminEmail: admins.email,
        body: supportMessages.body,
        orderId: orders.id,
        paymentId: orders.paymentId,
        orderStatus: orders.status,
        createdAt: supportMessages.createdAt,
      })
      .from(supportMessages)
      .leftJoin(admins, eq(admins.id, supportMessages.adminId))
      .leftJoin(orders, eq(orders.id, supportMessages.orderId))
      .where(eq(supportMessages.threadId, id))
      .orderBy(supportMessages.id);
    const answers = rows.filter((m) => m.author === 'admin').map((m) => m.id);
    const deliveries = answers.length
      ? await this.db
          .select({
            messageId: notifications.supportMessageId,
            channel: notifications.channel,
            recipient: notifications.recipient,
            deliveredAt: notifications.deliveredAt,
          })
          .from(notifications)
          .where(inArray(notifications.supportMessageId, answers))
      : [];
    return {
      ...summary,
      messages: rows.map((m) => {
        const delivery = deliveries.find((d) => d.messageId === m.id);
        return {
          id: m.id,
          from: m.author,
          adminEmail: m.adminEmail,
          text: m.body,
          order: m.orderId !== null && m.paymentId !== null && m.orderStatus !== null ? { id: m.orderId, paymentId: m.paymentId, status: m.orderStatus } : null,
          createdAt: m.createdAt,
          delivery: delivery ? { channel: delivery.channel, recipient: delivery.recipient, deliveredAt: delivery.deliveredAt } : null,
        };
      }),
    };
  }

  /** The conversation is read up to `through` (never back: an older page read later changes nothing). */
  async markRead(id: number, through: number): Promise<void> {
    const updated = await this.db
      .update(supportThreads)
      .set({ adminReadThrough: sql`greatest(coalesce(${supportThreads.adminReadThrough}, 0), ${through})` })
      .where(eq(supportThreads.id, id))
      .returning({ id: supportThreads.id });
    if (updated.length === 0) throw new AppError('NOT_FOUND', `Conversation ${id} not found`);
  }

  /**
   * An admin's answer: stored in the conversation (the chat shows it) and, in the same transaction,
   * written to the outbox for the customer's e-mail or Telegram chat. Audited. Returns where it goes.
   */
  async reply(adminId: number, threadId: number, text: string): Promise<TSupportReplyRoute | null> {
    return this.db.transaction(async (tx) => {
      const [thread] = await tx.select().from(supportThreads).where(eq(supportThreads.id, threadId)).for('update');
      if (!thread) throw new AppError('NOT_FOUND', `Conversation ${threadId} not found`);
      const [question] = await tx
        .select({ body: supportMessages.body, orderId: supportMessages.orderId })
        .from(supportMessages)
        .where(sql`${supportMessages.threadId} = ${threadId} and ${supportMessages.author} = 'customer'`)
        .orderBy(desc(supportMessages.id))
        .limit(1);
      const [about] = await tx
        .select({ orderId: orders.id, paymentId: orders.paymentId, locale: orders.locale, email: orders.email, telegramUserId: orders.telegramUserId })
        .from(supportMessages)
        .innerJoin(orders, eq(orders.id, supportMessages.orderId))
        .where(eq(supportMessages.threadId, threadId))
        .orderBy(desc(supportMessages.id))
        .limit(1);
      const now = new Date();
      const [message] = await tx
        .insert(supportMessages)
        .values({ threadId, author: 'admin', adminId, body: text, createdAt: now })
        .returning({ id: supportMessages.id });
      await tx.update(supportThreads).set({ lastMessageAt: now }).where(eq(supportThreads.id, threadId));
      const route = replyRouteOf(thread, await customerNames(tx, thread.customerId));
      if (route) {
        await recordSupportReply(
          tx,
          { messageId: message!.id, to: route },
          {
            type: 'support_reply',
            threadId,
            text,
            question: question?.body ?? null,
            orderId: about?.orderId ?? null,
            // The page link only to the order's own address or chat: the conversation's may be anyone's.
            paymentId: about && reachesOrderOwner(route, about) ? about.paymentId : null,
            locale: about?.locale ?? undefined,
          },
        );
      }
      await recordAudit(tx, {
        adminId,
        action: 'support.reply',
        target: `support:${threadId}`,
        after: { messageId: message!.id, sentBy: route?.channel ?? 'chat only' },
      });
      return publicRoute(route);
    });
  }

  /** Inbox rows (`where` over `t`, the conversations), latest message first. */
  private async summaries(where: SQL, limit: number, offset: number): Promise<TSupportThreadSummary[]> {
    const result = await this.db.execute(sql`
      select t.id, t.contact_email, t.channel, t.last_message_at,
             c.id as customer_id, c.email, c.first_name, c.last_name, c.telegram_user_id,
             last.body as last_body, last.author as last_author,
             (select count(*) from ${supportMessages} u
               where u.thread_id = t.id and u.author = 'customer' and u.id > coalesce(t.admin_read_through, 0))::int as unread
      from ${supportThreads} t
      left join ${customers} c on c.id = t.customer_id
      left join lateral (select m.body, m.author from ${supportMessages} m where m.thread_id = t.id order by m.id desc limit 1) last on true
      where ${where}
      order by t.last_message_at desc, t.id desc
      limit ${limit} offset ${offset}`);
    type Row = {
      id: number | string;
      contact_email: string | null;
      channel: ThreadRow['channel'];
      last_message_at: string | Date;
      customer_id: number | string | null;
      email: string | null;
      first_name: string | null;
      last_name: string | null;
      telegram_user_id: number | string | null;
      last_body: string | null;
      last_author: 'customer' | 'admin' | null;
      unread: number;
    };
    return rowsOf<Row>(result).map((r) => {
      const customer =
        r.customer_id === null
          ? null
          : {
              id: Number(r.customer_id),
              email: r.email,
              firstName: r.first_name,
              lastName: r.last_name,
              telegramUserId: r.telegram_user_id === null ? null : Number(r.telegram_user_id),
            };
      return {
        id: Number(r.id),
        customer,
        contactEmail: r.contact_email,
        channel: r.channel,
        replyTo: publicRoute(replyRouteOf({ contactEmail: r.contact_email, channel: r.channel }, customer)),
        lastMessageAt: new Date(r.last_message_at),
        preview: preview(r.last_body ?? ''),
        lastFrom: r.last_author ?? 'customer',
        unread: r.unread,
      };
    });
  }
}
