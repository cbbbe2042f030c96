import { useEffect, useState, type FormEvent } from 'react';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import {
  ADMIN_API,
  ADMIN_MESSAGES,
  centsToDecimal,
  formProblem,
  MIN_PASSWORD_LENGTH,
  ZChangeEmailRequest,
  ZChangePasswordForm,
  ZChangeSignInEmailRequest,
  ZSettingsRequest,
  type TAdminSettings,
} from '@topup/shared';
import { api, messageOf } from '../../api/client';
import { KEYS, refresh, useMe, useSettings, useTotpEnabled } from '../../api/queries';
import { TeamCard } from './TeamCard';
import { updateSessionEmail } from '../../api/session';
import { useToast } from '../../components/Toaster';
import { Card, Field, LoadError, UsdInput } from '../../components/ui';

/** Settings (spec section 2): password, contact email, sign-in email, and the system settings; owners also see the team. */
export function SettingsTab() {
  const me = useMe();
  const owner = me.data?.role === 'owner';
  return (
    <div className="settings-grid">
      <PasswordForm />
      <ContactEmailForm />
      <SignInEmailForm />
      <TwoFactorForm />
      {owner && <SystemSettingsForm />}
      {owner && <TeamCard selfId={me.data!.id} />}
    </div>
  );
}

/**
 * Two-factor sign-in: a QR code to scan with an authenticator app, on once a code from it is entered;
 * off again with a current code. Sign-in then asks for the code after the password.
 */
function TwoFactorForm() {
  const toast = useToast();
  const queryClient = useQueryClient();
  const enabled = useTotpEnabled();
  const [code, setCode] = useState('');
  const setup = useMutation({
    mutationFn: () => api.request(ADMIN_API.totpSetup),
    onError: (err) => toast({ title: 'Error', description: messageOf(err, 'Failed to start the two-factor set-up'), variant: 'destructive' }),
  });
  const confirm = useMutation({
    mutationFn: (action: 'enable' | 'disable') => api.request(action === 'enable' ? ADMIN_API.totpEnable : ADMIN_API.totpDisable, { body: { code } }),
    onSuccess: async (res) => {
      toast({ title: 'Two-factor sign-in', description: res.message ?? 'Saved' });
      setCode('');
      setup.reset();
      await refresh(queryClient, KEYS.me, KEYS.audit);
    },
    onError: (err) => toast({ title: 'Error', description: messageOf(err, 'Failed to save two-factor sign-in'), variant: 'destructive' }),
  });
  function submit(e: FormEvent) {
    e.preventDefault();
    if (!/^\d{6}$/.test(code)) return toast({ title: 'Error', description: 'Enter the 6-digit code', variant: 'destructive' });
    confirm.mutate(enabled.data ? 'disable' : 'enable');
  }
  const codeField = (
    <Field label="Authenticator code" htmlFor="totp-code">
      <input
        id="totp-code"
        inputMode="numeric"
        autoComplete="one-time-code"
        maxLength={6}
        value={code}
        onChange={(e) => setCode(e.target.value.replace(/\D/g, ''))}
        placeholder="123456"
      />
    </Field>
  );
  return (
    <Card title="Two-Factor Sign-in" description="A code from an authenticator app (TOTP) after your password at every sign-in.">
      {enabled.isPending && <p className="muted">Loading...</p>}
      {enabled.data === true && (
        <form className="form" onSubmit={submit} noValidate aria-label="Turn off two-factor sign-in">
          <p>Two-factor sign-in is on.</p>
          {codeField}
          <button type="submit" className="btn" disabled={confirm.isPending}>
            Turn Off
          </button>
        </form>
      )}
      {enabled.data === false && !setup.data && (
        <button type="button" className="btn btn-primary" onClick={() => setup.mutate()} disabled={setup.isPending}>
          {setup.isPending ? 'Preparing...' : 'Set Up Two-Factor Sign-in'}
        </button>
      )}
      {enabled.data === false && setup.data && (
        <form className="form" onSubmit={submit} noValidate aria-label="Turn on two-factor sign-in">
          <img src={setup.data.qrDataUrl} alt="QR code to scan with an authenticator app" width={240} height={240} />
          <p className="hint">
            Scan it with your authenticator app, or enter this key: <code>{setup.data.secret}</code>
          </p>
          {codeField}
          <button type="submit" className="btn btn-primary" disabled={confirm.isPending}>
            {confirm.isPending ? 'Checking...' : 'Turn On'}
          </button>
        </form>
      )}
    </Card>
  );
}

function PasswordForm() {
  const toast = useToast();
  const [f, setF] = useState({ currentPassword: '', newPassword: '', confirmPassword: '' });
  const change = useMutation({
    mutationFn: () => api.request(ADMIN_API.changePassword, { body: { currentPassword: f.currentPassword, newPassword: f.newPassword } }),
    onSuccess: () => {
      toast({ title: 'Password Changed', description: ADMIN_MESSAGES.passwordChanged });
      setF({ currentPassword: '', newPassword: '', confirmPassword: '' });
    },
    onError: (err) => toast({ title: 'Password Change Failed', description: messageOf(err, 'Failed to change password'), variant: 'destructive' }),
  });
  function submit(e: FormEvent) {
    e.preventDefault();
    const problem = formProblem(ZChangePasswordForm, f);
    if (problem) return toast({ title: 'Error', description: problem, variant: 'destructive' });
    change.mutate();
  }
  const set = (key: keyof typeof f) => (e: { target: { value: string } }) => setF((v) => ({ ...v, [key]: e.target.value }));
  return (
    <Card title="Change Admin Password">
      <form className="form" onSubmit={submit} noValidate aria-label="Change admin password">
        <Field label="Current Password" htmlFor="current-password">
          <input id="current-password" type="password" autoComplete="current-password" value={f.currentPassword} onChange={set('currentPassword')} />
        </Field>
        <Field label="New Password" htmlFor="new-password" hint={`At least ${MIN_PASSWORD_LENGTH} characters`}>
          <input
            id="new-password"
            type="password"
            autoComplete="new-password"
            minLength={MIN_PASSWORD_LENGTH}
            value={f.newPassword}
            onChange={set('newPassword')}
          />
        </Field>
        <Field label="Confirm New Password" htmlFor="confirm-password">
          <input id="confirm-password" type="password" autoComplete="new-password" value={f.confirmPassword} onChange={set('confirmPassword')} />
        </Field>
        <button type="submit" className="btn btn-primary" disabled={change.isPending}>
          {change.isPending ? 'Changing...' : 'Change Password'}
        </button>
      </form>
    </Card>
  );
}

function EmailForm(props: {
  title: string;
  id: string;
  label: string;
  /** The form's problem with this address (its request schema's), or null. */
  check: (email: string) => string | null;
  save: (email: string) => Promise<unknown>;
  success: [string, string];
  failure: [string, string];
  autoComplete: string;
  onSaved?: (email: string) => void;
}) {
  const toast = useToast();
  const [email, setEmail] = useState('');
  const change = useMutation({
    mutationFn: (value: string) => props.save(value),
    onSuccess: (_res, value) => {
      toast({ title: props.success[0], description: props.success[1] });
      setEmail('');
      props.onSaved?.(value);
    },
    onError: (err) => toast({ title: props.failure[0], description: messageOf(err, props.failure[1]), variant: 'destructive' }),
  });
  function submit(e: FormEvent) {
    e.preventDefault();
    const problem = props.check(email);
    if (problem) return toast({ title: 'Error', description: problem, variant: 'destructive' });
    change.mutate(email.trim());
  }
  return (
    <Card title={props.title}>
      <form className="form" onSubmit={submit} noValidate aria-label={props.title}>
        <Field label={props.label} htmlFor={props.id}>
          <input
            id={props.id}
            type="email"
            autoComplete={props.autoComplete}
            value={email}
            onChange={(e) => setEmail(e.target.value)}
            placeholder="name@example.com"
          />
        </Field>
        <button type="submit" className="btn btn-primary" disabled={change.isPending}>
          {change.isPending ? 'Updating...' : 'Update Email'}
        </button>
      </form>
    </Card>
  );
}

function ContactEmailForm() {
  return (
    <EmailForm
      title="Update Admin Contact Email"
      id="contact-email"
      label="New Contact Email"
      check={(newEmail) => formProblem(ZChangeEmailRequest, { newEmail })}
      save={(newEmail) => api.request(ADMIN_API.changeEmail, { body: { newEmail } })}
      success={['Email Updated', ADMIN_MESSAGES.contactEmailChanged]}
      failure={['Email Update Failed', 'Failed to update email']}
      autoComplete="email"
    />
  );
}

function SignInEmailForm() {
  const queryClient = useQueryClient();
  return (
    <EmailForm
      title="Update Admin Sign-in Email"
      id="signin-email"
      label="New Sign-in Email"
      check={(newSignInEmail) => formProblem(ZChangeSignInEmailRequest, { newSignInEmail })}
      save={(newSignInEmail) => api.request(ADMIN_API.changeSignInEmail, { body: { newSignInEmail } })}
      success={['Sign-in Email Updated', ADMIN_MESSAGES.signInEmailChanged]}
      failure={['Sign-in Email Update Failed', 'Failed to update sign-in email']}
      autoComplete="username"
      onSaved={(email) => {
        updateSessionEmail(email.toLowerCase());
        void refresh(queryClient, KEYS.me, KEYS.audit);
      }}
    />
  );
}

interface SettingsDraft {
  maintenanceMode: boolean;
  allowNewRegistrations: boolean;
  minTopUp: string;
  maxTopUp: string;
  serviceFee: string;
}
const toDraft = (s: TAdminSettings): SettingsDraft => ({
  ...s,
  minTopUp: centsToDecimal(s.minTopUp),
  maxTopUp: centsToDecimal(s.maxTopUp),
  serviceFee: centsToDecimal(s.serviceFee),
});

/** System settings: read and written through the API, and enforced there in every flow. */
function SystemSettingsForm() {
  const toast = useToast();
  const queryClient = useQueryClient();
  const settings = useSettings();
  const [draft, setDraft] = useState<SettingsDraft | null>(null);
  useEffect(() => {
    if (settings.data) setDraft(toDraft(settings.data));
  }, [settings.data]);

  const save = useMutation({
    mutationFn: (d: SettingsDraft) => api.request(ADMIN_API.saveSettings, { body: d }),
    onSuccess: async (res) => {
      queryClient.setQueryData(KEYS.settings, res.settings);
      setDraft(toDraft(res.settings));
      toast({ title: 'Settings Saved', description: 'The system settings have been updated and apply to new orders now.' });
      await refresh(queryClient, KEYS.audit);
    },
    onError: (err) => toast({ title: 'Settings Update Failed', description: messageOf(err, 'Failed to update settings'), variant: 'destructive' }),
  });

  function submit(e: FormEvent) {
    e.preventDefault();
    if (!draft) return;
    const problem = formProblem(ZSettingsRequest, draft);
    if (problem) return toast({ title: 'Error', description: problem, variant: 'destructive' });
    save.mutate(draft);
  }

  return (
    <Card title="System Settings" description="Enforced by the API for every new order, in every flow." className="settings-wide">
      {settings.isPending && <p className="muted">Loading settings...</p>}
      {settings.isError && <LoadError message="Failed to load the system settings." onRetry={() => void settings.refetch()} />}
      {draft && (
        <form className="form" onSubmit={submit} noValidate aria-label="System settings">
          <Switch
            id="maintenance-mode"
            label="Maintenance Mode"
            hint="New orders are refused with a clear message while on."
            checked={draft.maintenanceMode}
            onChange={(v) => setDraft({ ...draft, maintenanceMode: v })}
          />
          <Switch
            id="allow-registrations"
            label="Allow New Registrations"
            hint="Off: only customers already known may sign in; anonymous checkout stays open."
            checked={draft.allowNewRegistrations}
            onChange={(v) => setDraft({ ...draft, allowNewRegistrations: v })}
          />
          <div className="field-row">
            <Field label="Minimum Top-up ($)" htmlFor="min-topup">
              <UsdInput id="min-topup" value={draft.minTopUp} onChange={(v) => setDraft({ ...draft, minTopUp: v })} />
            </Field>
            <Field label="Maximum Top-up ($)" htmlFor="max-topup">
              <UsdInput id="max-topup" value={draft.maxTopUp} onChange={(v) => setDraft({ ...draft, maxTopUp: v })} />
            </Field>
            <Field label="Service Fee ($)" htmlFor="service-fee">
              <UsdInput id="service-fee" min="0" value={draft.serviceFee} onChange={(v) => setDraft({ ...draft, serviceFee: v })} />
            </Field>
          </div>
          <button type="submit" className="btn btn-primary" disabled={save.isPending}>
            {save.isPending ? 'Saving...' : 'Save Settings'}
          </button>
        </form>
      )}
    </Card>
  );
}

function Switch({ id, label, hint, checked, onChange }: { id: string; label: string; hint: string; checked: boolean; onChange: (value: boolean) => void }) {
  return (
    <div className="switch-row">
      <div>
        <label htmlFor={id} className="switch-label">
          {label}
        </label>
        <p className="hint" id={`${id}-hint`}>
          {hint}
        </p>
      </div>
      <input
        id={id}
        type="checkbox"
        role="switch"
        className="switch"
        aria-describedby={`${id}-hint`}
        checked={checked}
        onChange={(e) => onChange(e.target.checked)}
      />
    </div>
  );
}
