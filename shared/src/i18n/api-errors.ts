import type { TErrorCode } from '../errors';

/**
 * The API's phone-number messages (the spec's wording), by key: the API answers them in English in
 * `error` and each catalog's `common.phoneErrors` says them in its language.
 */
export const PHONE_ERROR_MESSAGES = {
  required: 'Phone number is required',
  invalidFormat: 'Invalid phone number format',
  otherCountry: 'This phone number does not belong to the selected country',
  notMobile: 'This is not a mobile phone number',
  needsCountryCode: 'Enter the full number with its country code, e.g. +237 671 234 567',
} as const;
export type PhoneErrorKey = keyof typeof PHONE_ERROR_MESSAGES;

/** What a catalog needs to put an API error into words. */
export interface ErrorTexts {
  errors: Record<TErrorCode, string>;
  phoneErrors: Record<PhoneErrorKey, string>;
}

const PHONE_KEYS = new Map<string, PhoneErrorKey>(Object.entries(PHONE_ERROR_MESSAGES).map(([key, text]) => [text, key as PhoneErrorKey]));

/** The key of one of the API's phone messages, or null for any other text. */
export function phoneErrorKey(message: string | null | undefined): PhoneErrorKey | null {
  return (message && PHONE_KEYS.get(message)) || null;
}

/**
 * An API error in the customer's language, never an English sentence inside a translated one: a phone
 * message by its key, else the message of its code. English shows the server's own message, which
 * says more than the code's (its texts are the spec's). `error` is an ApiError ({ code, message }) or
 * the `error` text of a phone check.
 */
export function apiErrorText(texts: ErrorTexts, error: { code?: string; message?: string } | string, english = false): string {
  const { code, message } = typeof error === 'string' ? { code: 'INVALID_PHONE', message: error } : error;
  const phone = phoneErrorKey(message);
  if (phone) return texts.phoneErrors[phone];
  if (english && message) return message;
  return texts.errors[(code ?? 'INTERNAL') as TErrorCode] ?? texts.errors.INTERNAL;
}
