import type { TDetectPhoneResponse, TValidatePhoneResponse } from '@topup/shared';
import { apiRequest } from './client';

/** Spec section 5: the server checks the number, sent with '+' and the dial code when it has no '+'. */
export function internationalNumber(dialCode: string, phone: string): string {
  const digits = phone.trim().replace(/[\s().-]/g, '');
  if (digits.startsWith('+')) return digits;
  const prefix = dialCode.startsWith('+') ? dialCode : `+${dialCode}`;
  return `${prefix}${digits}`;
}

export function validatePhone(phoneNumber: string, countryCode: string): Promise<TValidatePhoneResponse> {
  return apiRequest('/api/validate/phone', (s) => s.ZValidatePhoneResponse, { method: 'POST', body: { phoneNumber, countryCode } });
}

/**
 * The server's check of a number before payment: its error message, or null when the number is valid
 * or when the check itself fails (spec: the flow then proceeds).
 */
export async function checkPhone(phoneNumber: string, countryCode: string): Promise<string | null> {
  try {
    const result = await validatePhone(phoneNumber, countryCode);
    return result.valid ? null : result.error || 'Invalid phone number format';
  } catch (err) {
    console.error('phone validation failed', err);
    return null;
  }
}

/** Number first: a full international number, however pasted or typed, gives its country and operator (POST /api/phone/detect). */
export function detectPhone(phoneNumber: string, signal?: AbortSignal): Promise<TDetectPhoneResponse> {
  return apiRequest('/api/phone/detect', (s) => s.ZDetectPhoneResponse, { method: 'POST', body: { phoneNumber }, signal });
}
