import { useState, type FormEvent } from 'react';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { ADMIN_API, ADMIN_ROLES, formatDateTime, formProblem, ROLE_LABELS, ZInvitationRequest, type TAdminRole } from '@topup/shared';
import { api, messageOf } from '../../api/client';
import { KEYS, refresh } from '../../api/queries';
import { useToast } from '../../components/Toaster';
import { Card, Field, LoadError } from '../../components/ui';

const TEAM_KEY = ['/api/admin/team'];

const ROLE_HINTS: Record<TAdminRole, string> = {
  owner: 'everything, the settings and the team',
  operator: 'orders, balances, manual top-ups, sweeps and payouts, the support inbox',
  support: 'the support inbox',
  viewer: 'reads every page, changes nothing',
};

/** Settings → Team (owners): the staff and their roles, invitations by e-mail, a role changed, an account removed. */
export function TeamCard({ selfId }: { selfId: number }) {
  const toast = useToast();
  const queryClient = useQueryClient();
  const team = useQuery({ queryKey: TEAM_KEY, queryFn: () => api.request(ADMIN_API.team) });
  const [invite, setInvite] = useState<{ email: string; role: TAdminRole }>({ email: '', role: 'support' });
  const [link, setLink] = useState<string | null>(null);
  const done = async (message: string) => {
    toast({ title: 'Team', description: message });
    await refresh(queryClient, TEAM_KEY, KEYS.audit);
  };
  const failed = (err: unknown) => toast({ title: 'Error', description: messageOf(err, 'The team could not be changed'), variant: 'destructive' });
  const send = useMutation({
    mutationFn: () => api.request(ADMIN_API.invite, { body: invite }),
    onSuccess: async (res) => {
      setLink(res.link);
      setInvite({ email: '', role: invite.role });
      await done(res.message);
    },
    onError: failed,
  });
  const changeRole = useMutation({
    mutationFn: (p: { id: number; role: TAdminRole }) => api.request(ADMIN_API.changeRole, { params: { id: p.id }, body: { role: p.role } }),
    onSuccess: (res) => done(res.message),
    onError: async (err) => {
      failed(err);
      await refresh(queryClient, TEAM_KEY);
    },
  });
  const remove = useMutation({
    mutationFn: (id: number) => api.request(ADMIN_API.removeMember, { params: { id } }),
    onSuccess: (res) => done(res.message),
    onError: failed,
  });
  function submit(e: FormEvent) {
    e.preventDefault();
    const problem = formProblem(ZInvitationRequest, invite);
    if (problem) return toast({ title: 'Error', description: problem, variant: 'destructive' });
    send.mutate();
  }

  return (
    <Card title="Team" description="Staff accounts and what each role may do. Every change is in the audit log.">
      {team.isPending && <p className="muted">Loading...</p>}
      {team.isError && <LoadError message="Failed to load the team" onRetry={() => void team.refetch()} />}
      {team.data && (
        <ul className="team-list" aria-label="Team members">
          {team.data.members.map((m) => (
            <li key={m.id} data-testid={`member-${m.email}`}>
              <span className="team-email">{m.email}</span>
              {m.totpEnabled && <span className="badge">2FA</span>}
              <label className="sr-only" htmlFor={`role-${m.id}`}>
                Role of {m.email}
              </label>
              <select
                id={`role-${m.id}`}
                value={m.role}
                disabled={changeRole.isPending}
                onChange={(e) => changeRole.mutate({ id: m.id, role: e.target.value as TAdminRole })}
              >
                {ADMIN_ROLES.map((r) => (
                  <option key={r} value={r}>
                    {ROLE_LABELS[r]}
                  </option>
                ))}
              </select>
              {m.id !== selfId && (
                <button
                  type="button"
                  className="btn btn-small"
                  disabled={remove.isPending}
                  onClick={() => window.confirm(`Remove ${m.email} from the team?`) && remove.mutate(m.id)}
                >
                  Remove
                </button>
              )}
            </li>
          ))}
          {team.data.invitations.map((i) => (
            <li key={`invitation-${i.id}`} className="muted">
              {i.email}: invited as {ROLE_LABELS[i.role]}, until {formatDateTime(i.expiresAt)}
            </li>
          ))}
        </ul>
      )}
      <form className="form" onSubmit={submit} noValidate aria-label="Invite a team member">
        <Field label="E-mail address" htmlFor="invite-email">
          <input id="invite-email" type="email" value={invite.email} onChange={(e) => setInvite((v) => ({ ...v, email: e.target.value }))} />
        </Field>
        <Field label="Role" htmlFor="invite-role" hint={ROLE_HINTS[invite.role]}>
          <select id="invite-role" value={invite.role} onChange={(e) => setInvite((v) => ({ ...v, role: e.target.value as TAdminRole }))}>
            {ADMIN_ROLES.map((r) => (
              <option key={r} value={r}>
                {ROLE_LABELS[r]}
              </option>
            ))}
          </select>
        </Field>
        <button type="submit" className="btn btn-primary" disabled={send.isPending}>
          {send.isPending ? 'Sending...' : 'Send Invitation'}
        </button>
        {link && (
          <p className="hint" data-testid="invitation-link">
            Sent by e-mail. If it does not arrive, pass on this link (it works once, for 7 days): <code>{link}</code>
          </p>
        )}
      </form>
    </Card>
  );
}
