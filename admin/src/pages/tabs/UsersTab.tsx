import { useState, type FormEvent } from 'react';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { z } from 'zod';
import {
  ADMIN_API,
  defaultAdjustmentNote,
  formatDateTime,
  formatUsd,
  formProblem,
  ZBalanceAdjustmentRequest,
  type TBalanceAction as Action,
} from '@topup/shared';
import { api, messageOf } from '../../api/client';
import { KEYS, refresh, useUsers } from '../../api/queries';
import { useToast } from '../../components/Toaster';
import { Card, Field, LoadError, NotesInput, UsdInput } from '../../components/ui';
import { userLabel } from '../../format';

const FAILED: Record<Action, string> = { add: 'Failed to add balance', subtract: 'Failed to subtract balance' };

/** Users: the balance adjustment form and 'All Users' (spec section 2). */
export function UsersTab() {
  const toast = useToast();
  const queryClient = useQueryClient();
  const users = useUsers();
  const [userId, setUserId] = useState('');
  const [action, setAction] = useState<Action>('add');
  const [amount, setAmount] = useState('');
  const [notes, setNotes] = useState('');

  const adjust = useMutation({
    mutationFn: (input: { action: Action; body: z.input<typeof ZBalanceAdjustmentRequest> }) =>
      api.request(ADMIN_API.adjustBalance, { params: { action: input.action }, body: input.body }),
    onSuccess: async (res) => {
      toast({ title: 'Success', description: res.message });
      setAmount('');
      setNotes('');
      await refresh(queryClient, KEYS.users, KEYS.audit);
    },
    onError: (err, input) => toast({ title: 'Error', description: messageOf(err, FAILED[input.action]), variant: 'destructive' }),
  });

  function submit(e: FormEvent) {
    e.preventDefault();
    const body = { userId, amount, notes: notes.trim() || defaultAdjustmentNote(action) };
    const problem = formProblem(ZBalanceAdjustmentRequest, body);
    if (problem) {
      toast({ title: 'Error', description: problem, variant: 'destructive' });
      return;
    }
    adjust.mutate({ action, body });
  }

  return (
    <div className="stack">
      <Card title="Balance management" description="Add to or take from a customer's balance. Each change is a ledger entry with your notes.">
        <form className="form" onSubmit={submit} noValidate aria-label="Balance adjustment">
          <Field label="User" htmlFor="balance-user">
            <select id="balance-user" value={userId} onChange={(e) => setUserId(e.target.value)} disabled={!users.data}>
              <option value="">Select a user</option>
              {users.data?.map((u) => (
                <option key={u.id} value={u.id}>
                  {userLabel(u)} (#{u.id}) — {formatUsd(u.balance)}
                </option>
              ))}
            </select>
          </Field>
          <fieldset className="radio-group">
            <legend>Action</legend>
            {(['add', 'subtract'] as const).map((a) => (
              <label key={a} className="radio">
                <input type="radio" name="balance-action" value={a} checked={action === a} onChange={() => setAction(a)} />
                {a === 'add' ? 'Add balance' : 'Subtract balance'}
              </label>
            ))}
          </fieldset>
          <Field label="Amount (USD)" htmlFor="balance-amount">
            <UsdInput id="balance-amount" value={amount} onChange={setAmount} placeholder="0.00" />
          </Field>
          <Field label="Notes (optional)" htmlFor="balance-notes">
            <NotesInput id="balance-notes" value={notes} onChange={setNotes} placeholder={defaultAdjustmentNote(action)} />
          </Field>
          <button type="submit" className="btn btn-primary" disabled={adjust.isPending}>
            {adjust.isPending ? 'Processing...' : action === 'add' ? 'Add Balance' : 'Subtract Balance'}
          </button>
        </form>
      </Card>

      <Card title="All Users">
        {users.isPending && <p className="muted">Loading users...</p>}
        {users.isError && <LoadError message="Failed to load users." onRetry={() => void users.refetch()} />}
        {users.data && users.data.length === 0 && <p className="muted">No users found</p>}
        {users.data && users.data.length > 0 && (
          <ul className="user-list" aria-label="All users">
            {users.data.map((u) => (
              <li key={u.id} className="user-item" data-testid={`user-${u.id}`}>
                <div>
                  <p className="user-name">{userLabel(u)}</p>
                  <p className="muted small">{u.email ?? (u.telegramUserId ? `Telegram user ${u.telegramUserId}` : 'No email')}</p>
                  <p className="muted small">ID: {u.id}</p>
                </div>
                <div className="user-meta">
                  <p className="user-balance">{formatUsd(u.balance)}</p>
                  <p className="muted small">Joined {u.createdAt ? formatDateTime(u.createdAt) : 'N/A'}</p>
                </div>
              </li>
            ))}
          </ul>
        )}
      </Card>
    </div>
  );
}
