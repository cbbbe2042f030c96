import crypto from 'node:crypto';
import argon2 from 'argon2';
import { and, eq, gt, sql } from 'drizzle-orm';
import { ADMIN_MESSAGES } from '@topup/shared';
import type { Db } from '../db/client';
import { adminLoginFailures, adminSessions, admins } from '../db/schema';
import { AppError } from './errors';
import { recordAudit } from './audit';

const SESSION_MS = 12 * 60 * 60 * 1000;
/** A session used after half its life is extended: sliding expiry without a write per request. */
const EXTEND_AFTER_MS = SESSION_MS / 2;
/** Failures allowed before an account is locked; each further failure doubles the lock, up to a day. */
const FREE_FAILURES = 5;
const FIRST_LOCK_MS = 60_000;
const MAX_LOCK_MS = 24 * 60 * 60 * 1000;

/** The spec's single failure message: it never says which of email or password was wrong. */
export const LOGIN_FAILED = ADMIN_MESSAGES.loginFailed;

export interface AdminIdentity {
  id: number;
  email: string;
}

function sha256(text: string): string {
  return crypto.createHash('sha256').update(text).digest('hex');
}

const hashPassword = (password: string) => argon2.hash(password, { type: argon2.argon2id });

/** Admin sign-in: argon2id password hashes, random session tokens stored only as hashes. */
export class AdminAuthService {
  constructor(
    private readonly db: Db,
    private readonly now: () => number = Date.now,
  ) {}

  async hasAdmin(): Promise<boolean> {
    const [any] = await this.db.select({ id: admins.id }).from(admins).limit(1);
    return any !== undefined;
  }

  /** The first admin comes from ADMIN_EMAIL and ADMIN_PASSWORD when there is none yet. */
  async ensureFirstAdmin(email: string, password: string | undefined): Promise<void> {
    const [any] = await this.db.select({ id: admins.id }).from(admins).limit(1);
    if (any || !password) return;
    await this.db.insert(admins).values({ email: email.toLowerCase(), passwordHash: await hashPassword(password) }).onConflictDoNothing();
  }

  /**
   * A session token, or null for a wrong email or password. After five failures for an account,
   * further attempts are refused (429) for a period that doubles with each failure.
   */
  async login(emailInput: string, password: string): Promise<{ token: string; admin: AdminIdentity } | null> {
    const email = emailInput.trim().toLowerCase();
    const [lock] = await this.db.select().from(adminLoginFailures).where(eq(adminLoginFailures.email, email));
    if (lock?.lockedUntil && lock.lockedUntil.getTime() > this.now()) {
      const minutes = Math.ceil((lock.lockedUntil.getTime() - this.now()) / 60_000);
      throw new AppError('RATE_LIMITED', `Too many failed sign-ins. Try again in ${minutes} minute${minutes === 1 ? '' : 's'}.`);
    }
    const [admin] = await this.db.select().from(admins).where(eq(admins.email, email));
    // Verify against a hash even for an unknown email, so timing does not tell which accounts exist.
    const ok = await argon2.verify(admin?.passwordHash ?? DUMMY_HASH, password);
    if (!admin || !ok) {
      await this.recordFailure(email, lock?.failures ?? 0);
      return null;
    }
    if (lock) await this.db.delete(adminLoginFailures).where(eq(adminLoginFailures.email, email));
    const token = crypto.randomBytes(32).toString('base64url');
    await this.db.insert(adminSessions).values({ tokenHash: sha256(token), adminId: admin.id, expiresAt: new Date(this.now() + SESSION_MS) });
    return { token, admin: { id: admin.id, email: admin.email } };
  }

  private async recordFailure(email: string, previous: number): Promise<void> {
    const failures = previous + 1;
    const lockedUntil = failures >= FREE_FAILURES ? new Date(this.now() + Math.min(FIRST_LOCK_MS * 2 ** (failures - FREE_FAILURES), MAX_LOCK_MS)) : null;
    await this.db
      .insert(adminLoginFailures)
      .values({ email, failures, lockedUntil })
      .onConflictDoUpdate({ target: adminLoginFailures.email, set: { failures: sql`${adminLoginFailures.failures} + 1`, lockedUntil, updatedAt: new Date() } });
  }

  async authenticate(token: string): Promise<AdminIdentity | null> {
    const tokenHash = sha256(token);
    const [row] = await this.db
      .select({ id: admins.id, email: admins.email, expiresAt: adminSessions.expiresAt })
      .from(adminSessions)
      .innerJoin(admins, eq(admins.id, adminSessions.adminId))
      .where(and(eq(adminSessions.tokenHash, tokenHash), gt(adminSessions.expiresAt, new Date(this.now()))));
    if (!row) return null;
    if (row.expiresAt.getTime() - this.now() < SESSION_MS - EXTEND_AFTER_MS) {
      await this.db.update(adminSessions).set({ expiresAt: new Date(this.now() + SESSION_MS) }).where(eq(adminSessions.tokenHash, tokenHash));
    }
    return { id: row.id, email: row.email };
  }

  async logout(token: string): Promise<void> {
    await this.db.delete(adminSessions).where(eq(adminSessions.tokenHash, sha256(token)));
  }

  /** A new password after the current one is proven; every other session of the admin ends. */
  async changePassword(admin: AdminIdentity, currentPassword: string, newPassword: string, keepToken: string): Promise<void> {
    const [row] = await this.db.select().from(admins).where(eq(admins.id, admin.id));
    if (!row || !(await argon2.verify(row.passwordHash, currentPassword))) throw new AppError('VALIDATION_ERROR', 'Current password is incorrect');
    await this.db.transaction(async (tx) => {
      await tx.update(admins).set({ passwordHash: await hashPassword(newPassword) }).where(eq(admins.id, admin.id));
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
