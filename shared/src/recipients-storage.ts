/**
 * Recent recipients of an anonymous web visitor, kept by the browser (localStorage under
 * RECENT_RECIPIENTS_KEY): the same fields the API gives a signed-in customer (GET /api/recipients),
 * written and read here so that the site and the mini-app agree on the format. Zod-free and pure:
 * the caller reads and writes the storage; anything unreadable in it is dropped, never thrown.
 */

export const RECENT_RECIPIENTS_KEY = 'recentRecipients';
export const MAX_STORED_RECIPIENTS = 10;

export interface StoredRecipient {
  /** E.164, as the API validated it. */
  phoneNumber: string;
  name: string | null;
  countryCode: string | null;
  countryId: number | null;
  operatorId: number | null;
  operatorName: string | null;
  lastAmountCents: number;
  lastCoin: string | null;
  lastLocalAmount: number | null;
  localCurrency: string | null;
  /** ISO time of the last order to this number. */
  lastOrderAt: string;
}

const text = (v: unknown): v is string => typeof v === 'string';
const textOrNull = (v: unknown) => v === null || text(v);
const intOrNull = (v: unknown) => v === null || Number.isInteger(v);
const numberOrNull = (v: unknown) => v === null || (typeof v === 'number' && Number.isFinite(v));

function isStoredRecipient(v: unknown): v is StoredRecipient {
  if (!v || typeof v !== 'object') return false;
  const r = v as Record<keyof StoredRecipient, unknown>;
  return (
    text(r.phoneNumber) &&
    /^\+\d{6,15}$/.test(r.phoneNumber) &&
    textOrNull(r.name) &&
    textOrNull(r.countryCode) &&
    intOrNull(r.countryId) &&
    intOrNull(r.operatorId) &&
    textOrNull(r.operatorName) &&
    Number.isInteger(r.lastAmountCents) &&
    (r.lastAmountCents as number) > 0 &&
    textOrNull(r.lastCoin) &&
    numberOrNull(r.lastLocalAmount) &&
    textOrNull(r.localCurrency) &&
    text(r.lastOrderAt)
  );
}

/** The stored list (localStorage.getItem(RECENT_RECIPIENTS_KEY)), newest first; [] for nothing or anything unreadable. */
export function readStoredRecipients(raw: string | null): StoredRecipient[] {
  if (!raw) return [];
  try {
    const parsed: unknown = JSON.parse(raw);
    return Array.isArray(parsed) ? parsed.filter(isStoredRecipient).slice(0, MAX_STORED_RECIPIENTS) : [];
  } catch {
    return [];
  }
}

/** The text to store (localStorage.setItem(RECENT_RECIPIENTS_KEY, …)). */
export function writeStoredRecipients(list: readonly StoredRecipient[]): string {
  return JSON.stringify(list.slice(0, MAX_STORED_RECIPIENTS));
}

/** After an order: the number goes first with its latest details, keeping the name it was given; the oldest falls off. */
export function rememberRecipient(list: readonly StoredRecipient[], recipient: Omit<StoredRecipient, 'name'>): StoredRecipient[] {
  const known = list.find((r) => r.phoneNumber === recipient.phoneNumber);
  return [{ ...recipient, name: known?.name ?? null }, ...list.filter((r) => r.phoneNumber !== recipient.phoneNumber)].slice(0, MAX_STORED_RECIPIENTS);
}

/** Names a number ("Mum"); an empty name takes it away. At most 40 characters, as the API keeps. */
export function renameStoredRecipient(list: readonly StoredRecipient[], phoneNumber: string, name: string | null): StoredRecipient[] {
  const clean = name?.trim().slice(0, 40) || null;
  return list.map((r) => (r.phoneNumber === phoneNumber ? { ...r, name: clean } : r));
}

export function removeStoredRecipient(list: readonly StoredRecipient[], phoneNumber: string): StoredRecipient[] {
  return list.filter((r) => r.phoneNumber !== phoneNumber);
}
