import { useEffect, useState, type FormEvent } from 'react';
import { ADMIN_API, ADMIN_MESSAGES, formProblem, MIN_PASSWORD_LENGTH, ZInvitationAccept } from '@topup/shared';
import { api, messageOf } from '../api/client';
import { useToast } from '../components/Toaster';
import { Field } from '../components/ui';
import { navigate } from '../router';

/**
 * /admin-invite#<token>: the invitee chooses a password and joins the team in the invitation's role.
 * The token is in the fragment, which browsers never send to a server or put in a Referer.
 */
export function InvitePage() {
  const toast = useToast();
  const [password, setPassword] = useState('');
  const [confirm, setConfirm] = useState('');
  const [pending, setPending] = useState(false);
  const token = window.location.hash.slice(1);

  useEffect(() => {
    document.title = 'Join the Admin Team';
  }, []);

  async function submit(e: FormEvent) {
    e.preventDefault();
    if (password !== confirm) return toast({ title: 'Error', description: ADMIN_MESSAGES.passwordMismatch, variant: 'destructive' });
    const problem = formProblem(ZInvitationAccept, { token, password });
    if (problem) return toast({ title: 'Error', description: problem, variant: 'destructive' });
    setPending(true);
    try {
      const res = await api.request(ADMIN_API.acceptInvitation, { body: { token, password } });
      toast({ title: 'Welcome', description: res.message });
      navigate('/admin-login', { replace: true });
    } catch (err) {
      toast({ title: 'Error', description: messageOf(err, 'The invitation could not be accepted'), variant: 'destructive' });
      setPending(false);
    }
  }

  return (
    <main className="login-page">
      <div className="login-card">
        <header className="login-header">
          <h1>Join the Admin Team</h1>
          <p>Choose the password you will sign in with.</p>
        </header>
        <form onSubmit={submit} className="form" aria-label="Accept the invitation" noValidate>
          <Field label="New Password" htmlFor="invite-password" hint={`At least ${MIN_PASSWORD_LENGTH} characters`}>
            <input id="invite-password" type="password" autoComplete="new-password" value={password} onChange={(e) => setPassword(e.target.value)} />
          </Field>
          <Field label="Confirm Password" htmlFor="invite-confirm">
            <input id="invite-confirm" type="password" autoComplete="new-password" value={confirm} onChange={(e) => setConfirm(e.target.value)} />
          </Field>
          <button type="submit" className="btn btn-primary btn-block" disabled={pending}>
            {pending ? 'Joining...' : 'Join the Team'}
          </button>
        </form>
      </div>
    </main>
  );
}
