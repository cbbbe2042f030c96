import { sql } from 'drizzle-orm';
import { bigint, bigserial, integer, jsonb, pgTable, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';
import type { TAdminRole } from '@topup/shared';
import { createdAt } from './columns';

/** Conditions an operator must act on; one open alert per kind. */
export const adminAlerts = pgTable(
  'admin_alerts',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    kind: text('kind').notNull(),
    message: text('message').notNull(),
    count: integer('count').notNull().default(1),
    createdAt: createdAt(),
    lastRaisedAt: timestamp('last_raised_at', { withTimezone: true }).notNull().defaultNow(),
    resolvedAt: timestamp('resolved_at', { withTimezone: true }),
    /** The last reminder round sent to the operators' channels (0: when it opened); null: not sent yet. */
    notifiedRound: integer('notified_round'),
  },
  (t) => [
    uniqueIndex('admin_alerts_open_kind_uq')
      .on(t.kind)
      .where(sql`${t.resolvedAt} is null`),
  ],
);

export const admins = pgTable('admins', {
  id: bigserial('id', { mode: 'number' }).primaryKey(),
  email: text('email').notNull().unique(),
  passwordHash: text('password_hash').notNull(),
  contactEmail: text('contact_email'),
  /** The TOTP second factor's secret (base32) once enrolled; null: password only. */
  totpSecret: text('totp_secret'),
  /** A secret shown for enrolment, enabled only when a code from it is confirmed. */
  totpPendingSecret: text('totp_pending_secret'),
  /** The last TOTP time step accepted: a code is good once. */
  totpLastStep: bigint('totp_last_step', { mode: 'number' }),
  /** shared/src/admin-roles.ts; the first admin (from the environment) is an owner. */
  role: text('role').$type<TAdminRole>().notNull().default('owner'),
  /** Removed from the team: signs in no more; the row stays for the audit log and the decisions it made. */
  removedAt: timestamp('removed_at', { withTimezone: true }),
  createdAt: createdAt(),
});

/** An owner's invitation to join the team: its link carries the token (only its hash is kept), good once until it expires. */
export const adminInvitations = pgTable('admin_invitations', {
  id: bigserial('id', { mode: 'number' }).primaryKey(),
  email: text('email').notNull(),
  role: text('role').$type<TAdminRole>().notNull(),
  tokenHash: text('token_hash').notNull().unique(),
  invitedBy: bigint('invited_by', { mode: 'number' }).references(() => admins.id, { onDelete: 'set null' }),
  expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
  acceptedAt: timestamp('accepted_at', { withTimezone: true }),
  createdAt: createdAt(),
});

/**
 * Sign-in attempts per client address (`address:<ip>`) and per account (`account:<email>`): each
 * attempt takes a slot here before the password is checked, so parallel guesses cannot outrun the count.
 */
export const adminLoginLimits = pgTable('admin_login_limits', {
  key: text('key').primaryKey(),
  attempts: integer('attempts').notNull().default(0),
  lockedUntil: timestamp('locked_until', { withTimezone: true }),
  updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
});

export const adminSessions = pgTable('admin_sessions', {
  tokenHash: text('token_hash').primaryKey(),
  adminId: bigint('admin_id', { mode: 'number' })
    .notNull()
    .references(() => admins.id, { onDelete: 'cascade' }),
  expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
  createdAt: createdAt(),
});

export const auditLog = pgTable('audit_log', {
  id: bigserial('id', { mode: 'number' }).primaryKey(),
  adminId: bigint('admin_id', { mode: 'number' }).references(() => admins.id),
  action: text('action').notNull(),
  target: text('target'),
  before: jsonb('before'),
  after: jsonb('after'),
  createdAt: createdAt(),
});
