import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { eq, inArray } from 'drizzle-orm';
import { OWNER_TOTP_REQUIRED, roleRefusal } from '@topup/shared';
import { auditLog } from '../../db/schema';
import { powerFor, requirePower } from '../../http/admin-powers';
import { adminId, api, asAdmin, member, startAdminApi } from '../../../test/admin-fixture';

/**
 * The admin team: an owner invites staff by e-mail with a role; the invitee sets a password from the
 * link; each role may do what shared/src/admin-roles.ts says, and every change is audited with who made it.
 */

startAdminApi();

describe('invitations', () => {
  it('e-mails a link that creates the account with its role, once; the team lists members and open invitations', async () => {
    const invited = await asAdmin('POST', '/team/invitations', { email: 'New.Operator@example.com', role: 'operator' });
    expect(invited.status).toBe(200);
    expect(invited.body.link).toMatch(/\/admin-invite#[\w-]{40,}$/);
    const outbox = path.join(api.config.dataDir, 'mail-outbox');
    const mail = fs.readdirSync(outbox).find((f) => f.includes('new.operator@example.com'));
    // The file is the e-mail as sent (quoted-printable: long lines are broken with '=').
    expect(fs.readFileSync(path.join(outbox, mail!), 'utf8').replace(/=\r?\n/g, '')).toContain(invited.body.link);

    const team = await asAdmin('GET', '/team');
    expect(team.body.invitations).toEqual([expect.objectContaining({ email: 'new.operator@example.com', role: 'operator' })]);

    const token = new URL(invited.body.link).hash.slice(1);
    const short = await api.call('POST', '/api/admin/team/invitations/accept', { body: { token, password: 'short' } });
    expect(short.status).toBe(400);
    const accepted = await api.call('POST', '/api/admin/team/invitations/accept', { body: { token, password: 'operator-password-1' } });
    expect(accepted.body).toMatchObject({ success: true, message: 'Welcome to the team. Sign in as new.operator@example.com.' });
    const again = await api.call('POST', '/api/admin/team/invitations/accept', { body: { token, password: 'operator-password-1' } });
    expect(again.status).toBe(404);

    const after = await asAdmin('GET', '/team');
    expect(after.body.invitations).toEqual([]);
    expect(after.body.members.map((m: { email: string; role: string }) => [m.email, m.role])).toEqual([
      ['admin@example.com', 'owner'],
      ['new.operator@example.com', 'operator'],
    ]);
  });

  it('refuses a second invitation of a member, and a role that does not exist', async () => {
    expect((await asAdmin('POST', '/team/invitations', { email: 'admin@example.com', role: 'support' })).status).toBe(409);
    expect((await asAdmin('POST', '/team/invitations', { email: 'x@example.com', role: 'root' })).status).toBe(400);
  });
});

describe('what each role may do', () => {
  it('support answers the inbox only; a viewer reads only; an operator works orders and money but not settings or the team', async () => {
    const support = await member('support@example.com', 'support');
    const viewer = await member('viewer@example.com', 'viewer');
    const operator = await member('operator@example.com', 'operator');

    // Every role reads.
    for (const m of [support, viewer, operator]) expect((await asAdmin('GET', '/orders', undefined, m.token)).status).toBe(200);

    const manualTopup = (t: string) => asAdmin('POST', '/manual-topup', {}, t);
    const reply = (t: string) => asAdmin('POST', '/support/threads/999999/reply', { text: 'hello' }, t);
    const settings = (t: string) => asAdmin('PUT', '/settings', {}, t);

    expect([(await manualTopup(support.token)).status, (await manualTopup(support.token)).body.message]).toEqual([403, roleRefusal('support')]);
    expect((await reply(support.token)).status).not.toBe(403);
    expect((await reply(viewer.token)).status).toBe(403);
    expect((await manualTopup(viewer.token)).status).toBe(403);
    // Past the role check, the request's own validation answers.
    expect((await manualTopup(operator.token)).status).toBe(400);
    expect((await settings(operator.token)).status).toBe(403);
    expect((await asAdmin('POST', '/team/invitations', { email: 'y@example.com', role: 'owner' }, operator.token)).status).toBe(403);
    expect((await api.call('DELETE', '/api/orders/999999', { headers: { 'x-admin-token': viewer.token } })).status).toBe(403);

    // Everyone manages their own sign-in.
    expect(
      (await asAdmin('POST', '/change-password', { currentPassword: 'viewer-password-123', newPassword: 'viewer-password-456' }, viewer.token)).status,
    ).toBe(200);
  });

  it('maps every admin request to the power it needs', () => {
    expect(powerFor('GET', '/team')).toBeNull();
    expect(powerFor('POST', '/totp/enable')).toBeNull();
    expect(powerFor('POST', '/support/threads/1/reply')).toBe('support');
    expect(powerFor('POST', '/payouts/3/approve')).toBe('money');
    expect(powerFor('POST', '/sweeps/transfers')).toBe('money');
    expect(powerFor('PUT', '/team/4')).toBe('settings');
    expect(powerFor('PUT', '/settings')).toBe('settings');
    expect(powerFor('POST', '/orders/5/refund')).toBe('orders');
  });

  it('in production, an owner without two-factor sign-in may read and turn it on, not change anything else', () => {
    const gate = requirePower({ production: true });
    const run = (method: string, url: string, totp: boolean) => {
      let answered: { status: number; body: unknown } | null = null;
      const res = { status: (status: number) => ({ json: (body: unknown) => void (answered = { status, body }) }) };
      let passed = false;
      gate({ method, path: url, admin: { id: 1, email: 'o@example.com', role: 'owner', totp } } as never, res as never, () => void (passed = true));
      return passed ? 'next' : answered;
    };
    expect(run('POST', '/manual-topup', false)).toMatchObject({ status: 403, body: { error: { message: OWNER_TOTP_REQUIRED } } });
    expect(run('GET', '/orders', false)).toBe('next');
    expect(run('POST', '/totp/setup', false)).toBe('next');
    expect(run('POST', '/manual-topup', true)).toBe('next');
  });
});

describe('roles and removals', () => {
  it('keeps an owner: the last cannot be demoted or removed, nor can anyone remove themselves; a removed member is signed out', async () => {
    const demoteSelf = await asAdmin('PUT', `/team/${adminId}`, { role: 'viewer' });
    expect([demoteSelf.status, demoteSelf.body.message]).toEqual([409, 'The team needs an owner: make someone else an owner first.']);
    expect((await asAdmin('DELETE', `/team/${adminId}`)).status).toBe(409);

    const leaving = await member('leaving@example.com', 'viewer');
    expect((await asAdmin('PUT', `/team/${leaving.id}`, { role: 'support' })).status).toBe(200);
    expect((await asAdmin('GET', '/me', undefined, leaving.token)).body.admin.role).toBe('support');
    expect((await asAdmin('DELETE', `/team/${leaving.id}`)).status).toBe(200);
    expect((await asAdmin('GET', '/me', undefined, leaving.token)).status).toBe(401);
    expect((await asAdmin('DELETE', `/team/${leaving.id}`)).status).toBe(404);
  });

  it('audits each change with who made it', async () => {
    const rows = await api.database.db
      .select({ adminId: auditLog.adminId, action: auditLog.action, target: auditLog.target })
      .from(auditLog)
      .where(inArray(auditLog.action, ['team.invite', 'team.join', 'team.role', 'team.remove']));
    const byLeaving = rows.filter((r) => r.target === 'leaving@example.com');
    expect(byLeaving.map((r) => r.action)).toEqual(['team.invite', 'team.join', 'team.role', 'team.remove']);
    expect(byLeaving.filter((r) => r.action !== 'team.join').every((r) => r.adminId === adminId)).toBe(true);
    expect(await api.database.db.select().from(auditLog).where(eq(auditLog.action, 'team.join'))).not.toHaveLength(0);
  });
});
