import { queryOptions } from '@tanstack/react-query';
import {
  readStoredRecipients,
  RECENT_RECIPIENTS_KEY,
  removeStoredRecipient,
  renameStoredRecipient,
  rememberRecipient,
  writeStoredRecipients,
  type StoredRecipient,
} from '../../../shared/src/recipients-storage';
import { apiRequest } from './client';

/**
 * Recent recipients ("repeat in one tap"), from where the caller keeps them: the account's (GET
 * /api/recipients: a signed-in customer, the mini-app's Telegram user) or this browser's, for an
 * anonymous visitor (shared/src/recipients-storage.ts). One shape for both: StoredRecipient.
 */
export type RecipientsSource = 'account' | 'browser';

const digits = (phoneNumber: string) => phoneNumber.replace(/\D/g, '');

function readBrowser(): StoredRecipient[] {
  try {
    return readStoredRecipients(localStorage.getItem(RECENT_RECIPIENTS_KEY));
  } catch {
    return [];
  }
}

function writeBrowser(list: StoredRecipient[]): void {
  try {
    localStorage.setItem(RECENT_RECIPIENTS_KEY, writeStoredRecipients(list));
  } catch {
    // Storage refused (private mode, full): the list is simply not kept.
  }
}

export const recipientsQuery = (source: RecipientsSource) =>
  queryOptions({
    queryKey: ['/api/recipients', source],
    queryFn: async (): Promise<StoredRecipient[]> => {
      if (source === 'browser') return readBrowser();
      const { recipients } = await apiRequest('/api/recipients', (s) => s.ZRecipients);
      return recipients.map(({ lastAmount, id: _id, ...r }) => ({ ...r, lastAmountCents: lastAmount, lastCoin: r.lastCoin }));
    },
  });

export async function renameRecipient(source: RecipientsSource, phoneNumber: string, name: string | null): Promise<void> {
  if (source === 'browser') return writeBrowser(renameStoredRecipient(readBrowser(), phoneNumber, name));
  await apiRequest(`/api/recipients/${digits(phoneNumber)}`, (s) => s.ZRecipient, { method: 'PATCH', body: { name } });
}

export async function removeRecipient(source: RecipientsSource, phoneNumber: string): Promise<void> {
  if (source === 'browser') return writeBrowser(removeStoredRecipient(readBrowser(), phoneNumber));
  await apiRequest(`/api/recipients/${digits(phoneNumber)}`, (s) => s.ZOk, { method: 'DELETE' });
}

/** After an anonymous visitor's order: the number goes first in this browser's list (the account's list comes from its orders). */
export function rememberInBrowser(recipient: Omit<StoredRecipient, 'name'>): void {
  writeBrowser(rememberRecipient(readBrowser(), recipient));
}
