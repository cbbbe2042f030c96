import crypto from 'node:crypto';
import argon2 from 'argon2';
import { and, eq, gt } from 'drizzle-orm';
import type { Db } from '../db/client';
import { adminSessions, admins } from '../db/schema';

const SESSION_MS = 12 * 60 * 60 * 1000;
/** A session used after half its life is extended: sliding expiry without a write per request. */
const EXTEND_AFTER_MS = SESSION_MS / 2;

export interface AdminIdentity {
  id: number;
  email: string;
}

function sha256(text: string): string {
  return crypto.createHash('sha256').update(text).digest('hex');
}

/** Admin sign-in: argon2id password hashes, random session tokens stored only as hashes. */
export class AdminAuthService {
  constructor(
    private readonly db: Db,
    private readonly now: () => number = Date.now,
  ) {}

  /** The first admin comes from ADMIN_EMAIL and ADMIN_PASSWORD when there is none yet. */
  async ensureFirstAdmin(email: string, password: string | undefined): Promise<void> {
    const [any] = await this.db.select({ id: admins.id }).from(admins).limit(1);
    if (any || !password) return;
    const passwordHash = await argon2.hash(password, { type: argon2.argon2id });
    await this.db.insert(admins).values({ email: email.toLowerCase(), passwordHash }).onConflictDoNothing();
  }

  /** A session token, or null for a wrong email or password (the caller says which it was not). */
  async login(email: string, password: string): Promise<{ token: string; admin: AdminIdentity } | null> {
    const [admin] = await this.db.select().from(admins).where(eq(admins.email, email.trim().toLowerCase()));
    if (!admin || !(await argon2.verify(admin.passwordHash, password))) return null;
    const token = crypto.randomBytes(32).toString('base64url');
    await this.db.insert(adminSessions).values({ tokenHash: sha256(token), adminId: admin.id, expiresAt: new Date(this.now() + SESSION_MS) });
    return { token, admin: { id: admin.id, email: admin.email } };
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
}
