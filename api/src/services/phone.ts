import { parsePhoneNumberFromString, type CountryCode } from 'libphonenumber-js/max';
import { PHONE_ERROR_MESSAGES } from '@topup/shared';

type PhoneCheck = { valid: true; e164: string; nationalNumber: string; countryCode: string } | { valid: false; error: string };

/** The marks a phone puts around a copied contact's number to keep its direction (LRM, RLM, embeddings, overrides, isolates). */
const DIRECTION_MARKS = /[\u200e\u200f\u202a-\u202e\u2066-\u2069]/g;

/**
 * What was pasted, as the number it carries: direction marks dropped, a `tel:` link's scheme and
 * parameters dropped (RFC 3966), and a country code in brackets opened ("(+237) 677…" is "+237 677…").
 */
function pastedNumber(input: string): string {
  return input
    .replace(DIRECTION_MARKS, '')
    .trim()
    .replace(/^tel:([^;]*).*$/i, '$1')
    .replace(/^\((\+?\d{1,4})\)/, '$1');
}

/**
 * A full international number as people paste or type it, in E.164 form: spaces, dashes, dots and
 * brackets dropped; "00" (the international prefix of most countries) or nothing before the country
 * code reads as "+": "+237 6 77 12 34 56", "00237677123456" and "237-677-123-456" are one number, and
 * so are "(+237) 677 12 34 56" and "tel:+237677123456" (see pastedNumber).
 * Null when it cannot be one (a local number starting with 0, letters, too few digits).
 */
export function internationalForm(input: string): string | null {
  const text = pastedNumber(input);
  if (!/^\+?[\d\s\-.()/]+$/.test(text)) return null;
  const digits = text.replace(/\D/g, '');
  const national = text.startsWith('+') ? digits : digits.startsWith('00') ? digits.slice(2) : digits;
  return national.length >= 8 && national.length <= 15 && !national.startsWith('0') ? `+${national}` : null;
}

/** The country of a full international number (see internationalForm), or null. */
export function countryOfNumber(input: string): string | null {
  const e164 = internationalForm(input);
  const phone = e164 ? parsePhoneNumberFromString(e164) : undefined;
  return phone?.isValid() ? (phone.country ?? null) : null;
}

/**
 * Checks that `input` is a mobile number of `countryCode`. A local number is read in that country;
 * a number with '+' must belong to it. Messages are the spec's where it has them.
 */
export function checkMobileNumber(input: string, countryCode: string): PhoneCheck {
  const text = pastedNumber(input);
  if (!text) return { valid: false, error: PHONE_ERROR_MESSAGES.required };
  const phone = parsePhoneNumberFromString(text, countryCode as CountryCode);
  if (!phone || !phone.isValid()) return { valid: false, error: PHONE_ERROR_MESSAGES.invalidFormat };
  if (phone.country !== countryCode) {
    return { valid: false, error: PHONE_ERROR_MESSAGES.otherCountry };
  }
  const type = phone.getType();
  if (type !== undefined && type !== 'MOBILE' && type !== 'FIXED_LINE_OR_MOBILE') {
    return { valid: false, error: PHONE_ERROR_MESSAGES.notMobile };
  }
  return { valid: true, e164: phone.number, nationalNumber: phone.nationalNumber, countryCode };
}

/** The national part of a valid E.164 number ("+237677123456" -> "677123456"). */
export function nationalNumber(e164: string): string | null {
  return parsePhoneNumberFromString(e164)?.nationalNumber ?? null;
}
