import crypto from 'node:crypto';
import { and, eq, gt, inArray, isNull, sql } from 'drizzle-orm';
import { catalogFor, DEFAULT_LOCALE, type Locale, type TTelegramLogin } from '@topup/shared';
import type { Db } from '../db/client';
import { customerImages, customerSessions, customers, emailCodeSends, emailCodes, orders } from '../db/schema';
import { datedInFuture } from './telegram-auth-date';
import { AppError } from './errors';
import type { BalanceService } from './balances';
import type { Mailer } from './mailer';
import type { SettingsService } from './settings';

const SESSION_MS = 30 * 24 * 60 * 60 * 1000;
const EXTEND_AFTER_MS = SESSION_MS / 2;
const CODE_MS = 10 * 60 * 1000;
const CODE_TRIES = 5;
/** A new code for the same mailbox at most this often, and at most this many an hour. */
const RESEND_MS = 30_000;
const CODES_PER_HOUR = 5;

/** The inbox an address reaches: lower case, without a +tag (name+shop@x and name@x are one mailbox). */
export function mailboxOf(email: string): string {
  const at = email.lastIndexOf('@');
  return `${email.slice(0, at).split('+')[0]}${email.slice(at)}`.toLowerCase();
}
/** Telegram Login Widget data older than this is refused. */
const TELEGRAM_LOGIN_MAX_AGE_S = 24 * 60 * 60;

const sha256 = (text: string) => crypto.createHash('sha256').update(text).digest('hex');

/**
 * Customer sign-in on the web site (the spec leaves it open): a one-time code by e-mail, or Telegram's
 * Login Widget checked against the bot token. A session is a random token in an httpOnly cookie,
 * stored as a hash, with a sliding 30-day expiry. Checkout without an account stays possible; orders
 * made anonymously in the same browser are attached at sign-in.
 */
export class CustomerAuthService {
  constructor(
    private readonly deps: { db: Db; mailer: Mailer; settings: SettingsService; balances: BalanceService; telegramBotToken?: string; now?: () => number },
  ) {}

  private now() {
    return this.deps.now?.() ?? Date.now();
  }

  async sendEmailCode(emailInput: string, locale: Locale = DEFAULT_LOCALE): Promise<void> {
    const email = emailInput.trim().toLowerCase();
    await this.takeSend(mailboxOf(email));
    const code = String(crypto.randomInt(0, 1_000_000)).padStart(6, '0');
    const row = { codeHash: sha256(`${email}:${code}`), expiresAt: new Date(this.now() + CODE_MS), attempts: 0, createdAt: new Date(this.now()) };
    await this.deps.db
      .insert(emailCodes)
      .values({ email, ...row })
      .onConflictDoUpdate({ target: emailCodes.email, set: row });
    const t = catalogFor(locale).email.signInCode;
    await this.deps.mailer.send({ to: email, subject: t.subject({ code }), text: `${t.body({ code })}\n` });
  }

  /**
   * One code per mailbox per RESEND_MS and at most CODES_PER_HOUR an hour, counted in one statement
   * (parallel asks cannot slip through), per mailbox: name+1@ and name+2@ reach the same inbox.
   */
  private async takeSend(mailbox: string): Promise<void> {
    const t = emailCodeSends;
    const now = sql`${new Date(this.now()).toISOString()}::timestamptz`;
    const windowOver = sql`${t.windowStart} <= ${now} - interval '1 hour'`;
    const [taken] = await this.deps.db
      .insert(t)
      .values({ mailbox, windowStart: now, sent: 1, lastSentAt: now })
      .onConflictDoUpdate({
        target: t.mailbox,
        set: {
          windowStart: sql`case when ${windowOver} then ${now} else ${t.windowStart} end`,
          sent: sql`case when ${windowOver} then 1 else ${t.sent} + 1 end`,
          lastSentAt: now,
        },
        setWhere: sql`${t.lastSentAt} <= ${now} - ${RESEND_MS} * interval '1 millisecond' and (${windowOver} or ${t.sent} < ${CODES_PER_HOUR})`,
      })
      .returning({ mailbox: t.mailbox });
    if (taken) return;
    const [row] = await this.deps.db.select().from(t).where(eq(t.mailbox, mailbox));
    if (row && this.now() - row.lastSentAt.getTime() < RESEND_MS) {
      throw new AppError('RATE_LIMITED', 'A code was just sent. Please wait a few seconds before asking again.');
    }
    throw new AppError('RATE_LIMITED', 'Too many codes were sent to this address. Please try again in an hour.');
  }

  /** Checks the code and returns a session token for the customer of that address. */
  async verifyEmailCode(emailInput: string, code: string, orderPaymentIds: string[]): Promise<string> {
    const email = emailInput.trim().toLowerCase();
    // Read before the transaction: PGlite has one connection, which the transaction holds.
    const { allowNewRegistrations } = await this.deps.settings.get('system');
    const customerId = await this.deps.db.transaction(async (tx) => {
      const [live] = await tx.select().from(emailCodes).where(eq(emailCodes.email, email)).for('update');
      if (!live || live.expiresAt.getTime() < this.now() || live.attempts >= CODE_TRIES) {
        throw new AppError('VALIDATION_ERROR', 'This code has expired. Please ask for a new one.');
      }
      if (live.codeHash !== sha256(`${email}:${code.trim()}`)) {
        await tx
          .update(emailCodes)
          .set({ attempts: live.attempts + 1 })
          .where(eq(emailCodes.email, email));
        return null;
      }
      await tx.delete(emailCodes).where(eq(emailCodes.email, email));
      return (await this.findOrCreate(tx, eq(customers.email, email), { email }, allowNewRegistrations)).id;
    });
    if (customerId === null) throw new AppError('VALIDATION_ERROR', 'That code is not right. Please check it and try again.');
    return this.startSession(customerId, orderPaymentIds);
  }

  /** Telegram's Login Widget: https://core.telegram.org/widgets/login#checking-authorization */
  async telegramLogin(data: TTelegramLogin, orderPaymentIds: string[]): Promise<string> {
    const token = this.deps.telegramBotToken;
    if (!token) throw new AppError('UNAUTHORIZED', 'Telegram sign-in is not configured on this server.');
    // Every field received but the hash, those Telegram added after this code was written included.
    const { hash, ...fields } = data;
    const checkString = Object.entries(fields)
      .filter(([, v]) => v !== undefined)
      .sort(([a], [b]) => (a < b ? -1 : 1))
      .map(([k, v]) => `${k}=${String(v)}`)
      .join('\n');
    const expected = crypto.createHmac('sha256', crypto.createHash('sha256').update(token).digest()).update(checkString).digest('hex');
    if (expected.length !== hash.length || !crypto.timingSafeEqual(Buffer.from(expected), Buffer.from(hash))) {
      throw new AppError('UNAUTHORIZED', 'Invalid Telegram sign-in data.');
    }
    if (this.now() / 1000 - data.auth_date > TELEGRAM_LOGIN_MAX_AGE_S)
      throw new AppError('UNAUTHORIZED', 'Telegram sign-in data has expired. Please sign in again.');
    if (datedInFuture(data.auth_date, this.now())) throw new AppError('UNAUTHORIZED', 'Telegram sign-in data is dated in the future. Please sign in again.');
    const { allowNewRegistrations } = await this.deps.settings.get('system');
    const customer = await this.deps.db.transaction((tx) =>
      this.findOrCreate(
        tx,
        eq(customers.telegramUserId, data.id),
        { telegramUserId: data.id, firstName: data.first_name ?? null, lastName: data.last_name ?? null },
        allowNewRegistrations,
      ),
    );
    return this.startSession(customer.id, orderPaymentIds);
  }

  private async findOrCreate(
    tx: Parameters<Parameters<Db['transaction']>[0]>[0],
    where: ReturnType<typeof eq>,
    values: typeof customers.$inferInsert,
    allowNewRegistrations: boolean,
  ) {
    const [known] = await tx.select().from(customers).where(where);
    if (known) return known;
    if (!allowNewRegistrations) {
      throw new AppError('REGISTRATIONS_CLOSED', 'New registrations are closed at the moment.');
    }
    const [created] = await tx.insert(customers).values(values).onConflictDoNothing().returning();
    return created ?? (await tx.select().from(customers).where(where))[0]!;
  }

  /**
   * A new session. Anonymous orders of this browser (by payment id) become the customer's, and the
   * credits held for them move to the balance (BalanceService.claimOnSignIn): those of these orders and
   * of the orders of their e-mail address or Telegram account, so signing in from a fresh browser with
   * the address a failure e-mail went to finds the credit on the balance.
   */
  private async startSession(customerId: number, orderPaymentIds: string[]): Promise<string> {
    const token = crypto.randomBytes(32).toString('base64url');
    const brought = await this.deps.db.transaction(async (tx) => {
      await tx.insert(customerSessions).values({ tokenHash: sha256(token), customerId, expiresAt: new Date(this.now() + SESSION_MS) });
      if (orderPaymentIds.length === 0) return [];
      const attached = await tx
        .update(orders)
        .set({ customerId })
        .where(and(inArray(orders.paymentId, orderPaymentIds), isNull(orders.customerId)))
        .returning({ id: orders.id });
      return attached.map((o) => o.id);
    });
    const [customer] = await this.deps.db.select().from(customers).where(eq(customers.id, customerId));
    await this.deps.balances.claimOnSignIn(customer!, brought);
    return token;
  }

  async customerOfSession(token: string): Promise<number | null> {
    const tokenHash = sha256(token);
    const [row] = await this.deps.db
      .select()
      .from(customerSessions)
      .where(and(eq(customerSessions.tokenHash, tokenHash), gt(customerSessions.expiresAt, new Date(this.now()))));
    if (!row) return null;
    if (row.expiresAt.getTime() - this.now() < SESSION_MS - EXTEND_AFTER_MS) {
      await this.deps.db
        .update(customerSessions)
        .set({ expiresAt: new Date(this.now() + SESSION_MS) })
        .where(eq(customerSessions.tokenHash, tokenHash));
    }
    return row.customerId;
  }

  async endSession(token: string): Promise<void> {
    await this.deps.db.delete(customerSessions).where(eq(customerSessions.tokenHash, sha256(token)));
  }

  /**
   * Saves the picture under a new random address: no one can fetch pictures by walking customer ids,
   * and the new address also tells caches the picture changed.
   */
  async setProfileImage(customerId: number, contentType: string, data: Buffer): Promise<string> {
    const publicId = crypto.randomBytes(18).toString('base64url');
    const url = `/api/user/profile-picture/${publicId}`;
    await this.deps.db.transaction(async (tx) => {
      const row = { publicId, contentType, data: data.toString('base64'), updatedAt: new Date(this.now()) };
      await tx
        .insert(customerImages)
        .values({ customerId, ...row })
        .onConflictDoUpdate({ target: customerImages.customerId, set: row });
      await tx.update(customers).set({ profileImageUrl: url }).where(eq(customers.id, customerId));
    });
    return url;
  }

  async profileImage(publicId: string): Promise<{ contentType: string; data: Buffer } | null> {
    const [row] = await this.deps.db.select().from(customerImages).where(eq(customerImages.publicId, publicId));
    return row ? { contentType: row.contentType, data: Buffer.from(row.data, 'base64') } : null;
  }
}
