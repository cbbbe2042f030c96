import crypto from 'node:crypto';
import { and, asc, eq, gt, isNotNull, isNull, ne, sql } from 'drizzle-orm';
import { ROLE_LABELS, type TAdminRole, type TTeam } from '@topup/shared';
import type { Db, DbOrTx } from '../db/client';
import { adminInvitations, admins, adminSessions } from '../db/schema';
import { hashPassword } from './admin-auth';
import { recordAudit } from './audit';
import { AppError } from './errors';
import type { Mailer } from './mailer';

/** An invitation's link is good this long. */
export const INVITATION_MS = 7 * 24 * 3600_000;

const sha256 = (text: string) => crypto.createHash('sha256').update(text).digest('hex');

/**
 * The admin team: owners invite staff by e-mail with a role, change roles and remove accounts; an
 * invitee sets a password from the link and signs in. There is always an owner: the last one can be
 * neither demoted nor removed. Every change is audited with who made it.
 */
export class TeamService {
  constructor(private readonly deps: { db: Db; mailer: Mailer; publicUrl: string; now?: () => number }) {}

  private now(): number {
    return this.deps.now?.() ?? Date.now();
  }

  async list(): Promise<TTeam> {
    const { db } = this.deps;
    const members = await db
      .select({ id: admins.id, email: admins.email, role: admins.role, totpSecret: admins.totpSecret, createdAt: admins.createdAt })
      .from(admins)
      .where(isNull(admins.removedAt))
      .orderBy(asc(admins.id));
    const invitations = await db
      .select({ id: adminInvitations.id, email: adminInvitations.email, role: adminInvitations.role, expiresAt: adminInvitations.expiresAt })
      .from(adminInvitations)
      .where(and(isNull(adminInvitations.acceptedAt), gt(adminInvitations.expiresAt, new Date(this.now()))))
      .orderBy(asc(adminInvitations.id));
    return {
      success: true,
      members: members.map(({ totpSecret, ...m }) => ({ ...m, totpEnabled: totpSecret !== null })),
      invitations,
    };
  }

  /** Records the invitation and e-mails its link; the link is also answered, for the owner to pass on. */
  async invite(by: number, input: { email: string; role: TAdminRole }): Promise<string> {
    const email = input.email.toLowerCase();
    const token = crypto.randomBytes(32).toString('base64url');
    await this.deps.db.transaction(async (tx) => {
      const [member] = await tx
        .select({ id: admins.id })
        .from(admins)
        .where(and(eq(admins.email, email), isNull(admins.removedAt)));
      if (member) throw new AppError('CONFLICT', `${email} is already on the team.`);
      await tx
        .insert(adminInvitations)
        .values({ email, role: input.role, tokenHash: sha256(token), invitedBy: by, expiresAt: new Date(this.now() + INVITATION_MS) });
      await recordAudit(tx, { adminId: by, action: 'team.invite', target: email, after: { role: input.role } });
    });
    const link = `${this.deps.publicUrl.replace(/\/$/, '')}/admin-invite#${token}`;
    await this.deps.mailer.send({
      to: email,
      subject: 'You are invited to the admin console',
      text: `You are invited to the admin console as ${ROLE_LABELS[input.role]}.\n\nChoose your password here (the link works once, for 7 days):\n${link}\n`,
    });
    return link;
  }

  /** Creates the invitee's account with the invitation's role; the link works once. */
  async accept(input: { token: string; password: string }): Promise<string> {
    const passwordHash = await hashPassword(input.password);
    return this.deps.db.transaction(async (tx) => {
      const [invitation] = await tx
        .update(adminInvitations)
        .set({ acceptedAt: new Date(this.now()) })
        .where(
          and(eq(adminInvitations.tokenHash, sha256(input.token)), isNull(adminInvitations.acceptedAt), gt(adminInvitations.expiresAt, new Date(this.now()))),
        )
        .returning();
      if (!invitation) throw new AppError('NOT_FOUND', 'This invitation link is used, expired or unknown. Ask an owner for a new one.');
      // A removed member invited again comes back with the new role and password, and no old second factor.
      const comeback = { passwordHash, role: invitation.role, removedAt: null, totpSecret: null, totpPendingSecret: null, totpLastStep: null };
      const [member] = await tx
        .insert(admins)
        .values({ email: invitation.email, passwordHash, role: invitation.role })
        .onConflictDoUpdate({ target: admins.email, set: comeback, where: isNotNull(admins.removedAt) })
        .returning();
      if (!member) throw new AppError('CONFLICT', `${invitation.email} is already on the team.`);
      await recordAudit(tx, { adminId: member.id, action: 'team.join', target: member.email, after: { role: member.role, invitedBy: invitation.invitedBy } });
      return member.email;
    });
  }

  async setRole(by: number, id: number, role: TAdminRole): Promise<void> {
    await this.deps.db.transaction(async (tx) => {
      const member = await this.lockedMember(tx, id);
      if (member.role === 'owner' && role !== 'owner') await this.keepAnOwner(tx, id);
      await tx.update(admins).set({ role }).where(eq(admins.id, id));
      await recordAudit(tx, { adminId: by, action: 'team.role', target: member.email, before: { role: member.role }, after: { role } });
    });
  }

  /** Removes an account (it signs in no more) and ends its sessions; never one's own, never the last owner. */
  async remove(by: number, id: number): Promise<void> {
    if (by === id) throw new AppError('INVALID_STATE', 'You cannot remove your own account.');
    await this.deps.db.transaction(async (tx) => {
      const member = await this.lockedMember(tx, id);
      if (member.role === 'owner') await this.keepAnOwner(tx, id);
      await tx.delete(adminSessions).where(eq(adminSessions.adminId, id));
      await tx
        .update(admins)
        .set({ removedAt: new Date(this.now()) })
        .where(eq(admins.id, id));
      await recordAudit(tx, { adminId: by, action: 'team.remove', target: member.email, before: { role: member.role } });
    });
  }

  private async lockedMember(tx: DbOrTx, id: number) {
    // Owners are locked together: two owners demoting each other at once must not leave none.
    await tx.execute(sql`select id from admins where role = 'owner' and removed_at is null for update`);
    const [member] = await tx
      .select({ email: admins.email, role: admins.role })
      .from(admins)
      .where(and(eq(admins.id, id), isNull(admins.removedAt)));
    if (!member) throw new AppError('NOT_FOUND', 'No such team member.');
    return member;
  }

  private async keepAnOwner(tx: DbOrTx, leaving: number): Promise<void> {
    const [other] = await tx
      .select({ id: admins.id })
      .from(admins)
      .where(and(eq(admins.role, 'owner'), ne(admins.id, leaving), isNull(admins.removedAt)))
      .limit(1);
    if (!other) throw new AppError('INVALID_STATE', 'The team needs an owner: make someone else an owner first.');
  }
}
