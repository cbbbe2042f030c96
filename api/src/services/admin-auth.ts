import crypto from 'node:crypto';
import argon2 from 'argon2';
import { and, eq, gt, inArray, isNull, lt, or, sql, type SQL } from 'drizzle-orm';
import * as OTPAuth from 'otpauth';
import QRCode from 'qrcode';
import { ADMIN_MESSAGES, type TAdminRole } from '@topup/shared';
import type { Db } from '../db/client';
import { adminLoginLimits, adminSessions, admins } from '../db/schema';
import { AppError } from './errors';
import { recordAudit } from './audit';

const SESSION_MS = 12 * 60 * 60 * 1000;
/** A session used after half its life is extended: sliding expiry without a write per request. */
const EXTEND_AFTER_MS = SESSION_MS / 2;

/**
 * Sign-in limits. Each attempt takes a slot per client address and per account before the password is
 * checked; past the free attempts, the key is locked for a period that doubles with each further
 * attempt, up to a day. An address is stopped after a few guesses; the account itself only after
 * guesses from several addresses, so one attacker cannot lock the real admin out from elsewhere.
 */
export const ADDRESS_FREE_ATTEMPTS = 5;
export const ACCOUNT_FREE_ATTEMPTS = 20;
const FIRST_LOCK_MS = 60_000;
const MAX_LOCK_MS = 24 * 60 * 60 * 1000;
/** Attempts older than this are forgotten (a typo a month ago does not count towards a lock today). */
const FORGET_AFTER_MS = MAX_LOCK_MS;
/**
 * A browser an admin signed in from keeps a signed device cookie this long. An account lock (guesses
 * from many addresses) does not stop a sign-in from such a device: it has its own limit instead, as an
 * address has, so a copied cookie buys no more guesses than a new address would.
 */
export const ADMIN_DEVICE_MAX_AGE_MS = 180 * 24 * 60 * 60 * 1000;
export const ADMIN_DEVICE_COOKIE = 'admin_device';
export const DEVICE_FREE_ATTEMPTS = ADDRESS_FREE_ATTEMPTS;

/** The spec's single failure message: it never says which of email or password was wrong. */
export const LOGIN_FAILED = ADMIN_MESSAGES.loginFailed;
export const TOTP_REQUIRED = 'Enter the 6-digit code from your authenticator app.';
export const TOTP_FAILED = 'That code is not right. Enter the current 6-digit code from your authenticator app.';
const TOTP_ISSUER = 'Crypto Top-ups admin';

export interface AdminIdentity {
  id: number;
  email: string;
  role: TAdminRole;
  /** Two-factor sign-in is on. */
  totp: boolean;
}

export type LoginResult =
  /** `device`: the signed device cookie to keep (it lets this browser in under an account lock). */
  | { ok: true; token: string; admin: AdminIdentity; device: string }
  /** The password is right and the account has a second factor: ask for its code. */
  | { ok: false; reason: 'totp-required' | 'totp-failed' | 'credentials' };

function sha256(text: string): string {
  return crypto.createHash('sha256').update(text).digest('hex');
}

export const hashPassword = (password: string) => argon2.hash(password, { type: argon2.argon2id });

const totpFor = (secret: string, email: string) => new OTPAuth.TOTP({ issuer: TOTP_ISSUER, label: email, secret: OTPAuth.Secret.fromBase32(secret) });

/** Admin sign-in: argon2id password hashes, an optional TOTP second factor, random session tokens stored only as hashes. */
export class AdminAuthService {
  /** Signs device cookies; without one given, a random key (devices are then forgotten at a restart). */
  private readonly deviceKey: Buffer;

  constructor(
    private readonly db: Db,
    private readonly now: () => number = Date.now,
    deviceSecret: string = crypto.randomBytes(32).toString('hex'),
  ) {
    // Its own key, derived for this purpose only: the secret it comes from signs other things too.
    this.deviceKey = crypto.createHmac('sha256', deviceSecret).update('admin-device-cookie').digest();
  }

  /** A device cookie for an admin: `<adminId>.<issued, seconds>.<signature>`. */
  private issueDevice(adminId: number): string {
    const body = `${adminId}.${Math.floor(this.now() / 1000)}`;
    return `${body}.${crypto.createHmac('sha256', this.deviceKey).update(body).digest('base64url')}`;
  }

  /** The device's own limit key when `cookie` is one this server signed for `adminId`, recent enough; else null. */
  private knownDevice(cookie: string | undefined, adminId: number): string | null {
    const match = /^(\d+)\.(\d+)\.([\w-]{43})$/.exec(cookie ?? '');
    if (!match || Number(match[1]) !== adminId || this.now() - Number(match[2]) * 1000 > ADMIN_DEVICE_MAX_AGE_MS) return null;
    const expected = Buffer.from(crypto.createHmac('sha256', this.deviceKey).update(`${match[1]}.${match[2]}`).digest('base64url'));
    const given = Buffer.from(match[3]!);
    return given.length === expected.length && crypto.timingSafeEqual(given, expected) ? `device:${sha256(cookie!).slice(0, 32)}` : null;
  }

  /** Whether the account is locked now (guesses from several addresses). */
  private async accountLocked(email: string): Promise<boolean> {
    const [row] = await this.db
      .select({ lockedUntil: adminLoginLimits.lockedUntil })
      .from(adminLoginLimits)
      .where(eq(adminLoginLimits.key, `account:${email}`));
    return row?.lockedUntil != null && row.lockedUntil.getTime() > this.now();
  }

  async hasAdmin(): Promise<boolean> {
    const [any] = await this.db.select({ id: admins.id }).from(admins).limit(1);
    return any !== undefined;
  }

  /** The first admin comes from ADMIN_EMAIL and ADMIN_PASSWORD when there is none yet. */
  async ensureFirstAdmin(email: string, password: string | undefined): Promise<void> {
    const [any] = await this.db.select({ id: admins.id }).from(admins).limit(1);
    if (any || !password) return;
    await this.db
      .insert(admins)
      .values({ email: email.toLowerCase(), passwordHash: await hashPassword(password) })
      .onConflictDoNothing();
  }

  /**
   * A session for the right email, password and (when enrolled) TOTP code. The attempt takes its slots
   * (client address, then account) before anything slow runs: a locked key is refused (429) without a
   * password check, so a burst of parallel guesses gets no more checks than the free attempts.
   * From a device the admin signed in from before (`device`, its signed cookie) the attempt takes the
   * device's slot instead of the account's: guesses from many addresses lock the account, never its
   * owner's own browser. Sign-ins (with the device, and whether they passed an account lock), failures
   * and lockouts are audited.
   */
  async login(input: { email: string; password: string; totp?: string; address: string; device?: string }): Promise<LoginResult> {
    const email = input.email.trim().toLowerCase();
    const [admin] = await this.db
      .select()
      .from(admins)
      .where(and(eq(admins.email, email), isNull(admins.removedAt)));
    const device = admin ? this.knownDevice(input.device, admin.id) : null;
    const pastAccountLock = device !== null && (await this.accountLocked(email));
    const slots: { key: string; attempts: number; lockedUntil: Date | null }[] = [];
    const limits: [string, number][] = [
      [`address:${input.address}`, ADDRESS_FREE_ATTEMPTS],
      device ? [device, DEVICE_FREE_ATTEMPTS] : [`account:${email}`, ACCOUNT_FREE_ATTEMPTS],
    ];
    for (const [key, free] of limits) {
      const slot = await this.takeSlot(key, free);
      if (!slot.granted) {
        const minutes = Math.max(1, Math.ceil((slot.lockedUntil.getTime() - this.now()) / 60_000));
        throw new AppError('RATE_LIMITED', `Too many failed sign-ins. Try again in ${minutes} minute${minutes === 1 ? '' : 's'}.`);
      }
      slots.push({ key, ...slot });
    }
    // Verify against a hash even for an unknown email, so timing does not tell which accounts exist.
    const passwordOk = await argon2.verify(admin?.passwordHash ?? DUMMY_HASH, input.password);
    let result: LoginResult = { ok: false, reason: 'credentials' };
    if (admin && passwordOk) {
      if (!admin.totpSecret) result = await this.startSession(admin);
      else if (!input.totp) result = { ok: false, reason: 'totp-required' };
      else
        result = (await this.acceptTotp(admin.id, admin.totpSecret, admin.email, input.totp))
          ? await this.startSession(admin)
          : { ok: false, reason: 'totp-failed' };
    }
    await this.db.transaction(async (tx) => {
      const audit = { adminId: admin?.id ?? null, target: email };
      if (result.ok) {
        await tx.delete(adminLoginLimits).where(
          inArray(
            adminLoginLimits.key,
            slots.map((s) => s.key),
          ),
        );
        await recordAudit(tx, {
          ...audit,
          action: 'admin.sign-in',
          after: { address: input.address, ...(device ? { device: 'known', pastAccountLock } : {}) },
        });
        return;
      }
      // The right password without the code is a step, not a failure: its slots are given back (unless
      // other attempts came since), so the code can follow at once.
      if (result.reason === 'totp-required') {
        for (const slot of slots) {
          await tx
            .update(adminLoginLimits)
            .set({ attempts: slot.attempts - 1, lockedUntil: null })
            .where(and(eq(adminLoginLimits.key, slot.key), eq(adminLoginLimits.attempts, slot.attempts)));
        }
        return;
      }
      await recordAudit(tx, {
        ...audit,
        action: 'admin.sign-in-failed',
        after: {
          address: input.address,
          reason: result.reason === 'totp-failed' ? 'wrong TOTP code' : 'wrong email or password',
          ...(device ? { device: 'known', pastAccountLock } : {}),
        },
      });
      for (const slot of slots.filter((s) => s.lockedUntil)) {
        await recordAudit(tx, { ...audit, action: 'admin.sign-in-locked', after: { key: slot.key, attempts: slot.attempts, lockedUntil: slot.lockedUntil } });
      }
    });
    return result;
  }

  /**
   * Takes one attempt for `key` in one statement (the row lock orders parallel attempts): refused while
   * the key is locked; the attempt that reaches the free count locks the key at once, before its
   * password is checked, and a successful sign-in lifts the lock again.
   */
  private async takeSlot(
    key: string,
    free: number,
  ): Promise<{ granted: true; attempts: number; lockedUntil: Date | null } | { granted: false; lockedUntil: Date }> {
    const now = new Date(this.now()).toISOString();
    const forgetBefore = new Date(this.now() - FORGET_AFTER_MS).toISOString();
    const t = adminLoginLimits;
    const attempts = sql`(case when ${t.updatedAt} < ${forgetBefore}::timestamptz then 1 else ${t.attempts} + 1 end)`;
    const lockFor = (n: SQL) =>
      sql`(case when ${n} >= ${free} then ${now}::timestamptz + interval '1 millisecond' * least(${FIRST_LOCK_MS} * power(2, ${n} - ${free}), ${MAX_LOCK_MS}) end)`;
    const [row] = await this.db
      .insert(t)
      .values({ key, attempts: 1, lockedUntil: lockFor(sql`1`), updatedAt: sql`${now}::timestamptz` })
      .onConflictDoUpdate({
        target: t.key,
        set: { attempts, lockedUntil: lockFor(attempts), updatedAt: sql`${now}::timestamptz` },
        setWhere: sql`${t.lockedUntil} is null or ${t.lockedUntil} <= ${now}::timestamptz`,
      })
      .returning({ attempts: t.attempts, lockedUntil: t.lockedUntil });
    if (row) return { granted: true, attempts: row.attempts, lockedUntil: row.lockedUntil };
    const [locked] = await this.db.select({ lockedUntil: t.lockedUntil }).from(t).where(eq(t.key, key));
    return { granted: false, lockedUntil: locked?.lockedUntil ?? new Date(this.now() + FIRST_LOCK_MS) };
  }

  private async startSession(admin: typeof admins.$inferSelect): Promise<LoginResult> {
    const token = crypto.randomBytes(32).toString('base64url');
    await this.db.insert(adminSessions).values({ tokenHash: sha256(token), adminId: admin.id, expiresAt: new Date(this.now() + SESSION_MS) });
    const identity = { id: admin.id, email: admin.email, role: admin.role, totp: admin.totpSecret !== null };
    return { ok: true, token, admin: identity, device: this.issueDevice(admin.id) };
  }

  /**
   * A code of the current time step or the one either side (clock drift), accepted once: the step is
   * recorded in the same statement that checks it was not used, so a code cannot be replayed.
   */
  private async acceptTotp(adminId: number, secret: string, email: string, code: string): Promise<boolean> {
    const totp = totpFor(secret, email);
    const delta = totp.validate({ token: code.trim(), timestamp: this.now(), window: 1 });
    if (delta === null) return false;
    const step = Math.floor(this.now() / 1000 / totp.period) + delta;
    const used = await this.db
      .update(admins)
      .set({ totpLastStep: step })
      .where(and(eq(admins.id, adminId), or(isNull(admins.totpLastStep), lt(admins.totpLastStep, step))))
      .returning({ id: admins.id });
    return used.length === 1;
  }

  /** Starts enrolment: a new secret, kept aside until a code from it is confirmed. */
  async beginTotpEnrolment(admin: AdminIdentity): Promise<{ secret: string; uri: string; qrDataUrl: string }> {
    const secret = new OTPAuth.Secret({ size: 20 }).base32;
    await this.db.update(admins).set({ totpPendingSecret: secret }).where(eq(admins.id, admin.id));
    const uri = totpFor(secret, admin.email).toString();
    return { secret, uri, qrDataUrl: await QRCode.toDataURL(uri, { margin: 1, width: 240 }) };
  }

  /** Turns the second factor on once a code from the pending secret proves the app has it. */
  async confirmTotpEnrolment(admin: AdminIdentity, code: string): Promise<void> {
    const [row] = await this.db.select({ pending: admins.totpPendingSecret }).from(admins).where(eq(admins.id, admin.id));
    if (!row?.pending) throw new AppError('INVALID_STATE', 'Start the two-factor set-up first.');
    if (!(await this.acceptTotp(admin.id, row.pending, admin.email, code))) throw new AppError('VALIDATION_ERROR', TOTP_FAILED);
    await this.db.transaction(async (tx) => {
      await tx.update(admins).set({ totpSecret: row.pending, totpPendingSecret: null }).where(eq(admins.id, admin.id));
      await recordAudit(tx, { adminId: admin.id, action: 'admin.totp-enabled' });
    });
  }

  /** Turns the second factor off; a current code is the proof. */
  async disableTotp(admin: AdminIdentity, code: string): Promise<void> {
    const [row] = await this.db.select({ secret: admins.totpSecret }).from(admins).where(eq(admins.id, admin.id));
    if (!row?.secret) throw new AppError('INVALID_STATE', 'Two-factor sign-in is not on.');
    if (!(await this.acceptTotp(admin.id, row.secret, admin.email, code))) throw new AppError('VALIDATION_ERROR', TOTP_FAILED);
    await this.db.transaction(async (tx) => {
      await tx.update(admins).set({ totpSecret: null, totpPendingSecret: null }).where(eq(admins.id, admin.id));
      await recordAudit(tx, { adminId: admin.id, action: 'admin.totp-disabled' });
    });
  }

  async totpEnabled(adminId: number): Promise<boolean> {
    const [row] = await this.db.select({ secret: admins.totpSecret }).from(admins).where(eq(admins.id, adminId));
    return Boolean(row?.secret);
  }

  async authenticate(token: string): Promise<AdminIdentity | null> {
    const tokenHash = sha256(token);
    const [row] = await this.db
      .select({ id: admins.id, email: admins.email, role: admins.role, totpSecret: admins.totpSecret, expiresAt: adminSessions.expiresAt })
      .from(adminSessions)
      .innerJoin(admins, eq(admins.id, adminSessions.adminId))
      .where(and(eq(adminSessions.tokenHash, tokenHash), gt(adminSessions.expiresAt, new Date(this.now())), isNull(admins.removedAt)));
    if (!row) return null;
    if (row.expiresAt.getTime() - this.now() < SESSION_MS - EXTEND_AFTER_MS) {
      await this.db
        .update(adminSessions)
        .set({ expiresAt: new Date(this.now() + SESSION_MS) })
        .where(eq(adminSessions.tokenHash, tokenHash));
    }
    return { id: row.id, email: row.email, role: row.role, totp: row.totpSecret !== null };
  }

  async logout(token: string): Promise<void> {
    await this.db.delete(adminSessions).where(eq(adminSessions.tokenHash, sha256(token)));
  }

  /** A new password after the current one is proven; every other session of the admin ends. */
  async changePassword(admin: AdminIdentity, currentPassword: string, newPassword: string, keepToken: string): Promise<void> {
    const [row] = await this.db.select().from(admins).where(eq(admins.id, admin.id));
    if (!row || !(await argon2.verify(row.passwordHash, currentPassword))) throw new AppError('VALIDATION_ERROR', 'Current password is incorrect');
    await this.db.transaction(async (tx) => {
      await tx
        .update(admins)
        .set({ passwordHash: await hashPassword(newPassword) })
        .where(eq(admins.id, admin.id));
      await tx.delete(adminSessions).where(and(eq(adminSessions.adminId, admin.id), sql`${adminSessions.tokenHash} <> ${sha256(keepToken)}`));
      await recordAudit(tx, { adminId: admin.id, action: 'admin.change-password' });
    });
  }

  async changeContactEmail(admin: AdminIdentity, email: string): Promise<void> {
    await this.db.transaction(async (tx) => {
      const [before] = await tx.select({ contactEmail: admins.contactEmail }).from(admins).where(eq(admins.id, admin.id));
      await tx.update(admins).set({ contactEmail: email }).where(eq(admins.id, admin.id));
      await recordAudit(tx, { adminId: admin.id, action: 'admin.change-email', before, after: { contactEmail: email } });
    });
  }

  async changeSignInEmail(admin: AdminIdentity, email: string): Promise<void> {
    const next = email.trim().toLowerCase();
    const [taken] = await this.db.select({ id: admins.id }).from(admins).where(eq(admins.email, next));
    if (taken && taken.id !== admin.id) throw new AppError('CONFLICT', 'Another admin already signs in with this email address');
    await this.db.transaction(async (tx) => {
      await tx.update(admins).set({ email: next }).where(eq(admins.id, admin.id));
      await recordAudit(tx, { adminId: admin.id, action: 'admin.change-signin-email', before: { email: admin.email }, after: { email: next } });
    });
  }
}

/** An argon2id hash of a random secret: verified against when the email is unknown. */
const DUMMY_HASH = '$argon2id$v=19$m=65536,t=3,p=4$QfxQkI+tR6wrmHw3HilGaA$Q1JvX+zNxhnz32w+D9wqvswd+tEey49VFUnXN3KJ2Gk';
