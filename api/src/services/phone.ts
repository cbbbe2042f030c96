import { parsePhoneNumberFromString, type CountryCode } from 'libphonenumber-js/max';

type PhoneCheck =
  | { valid: true; e164: string; nationalNumber: string; countryCode: string }
  | { valid: false; error: string };

/** The country of a number written with its international prefix (+…), or null. */
export function countryOfNumber(input: string): string | null {
  const phone = parsePhoneNumberFromString(input.trim());
  return phone?.isValid() ? (phone.country ?? null) : null;
}

/**
 * Checks that `input` is a mobile number of `countryCode`. A local number is read in that country;
 * a number with '+' must belong to it. Messages are the spec's where it has them.
 */
export function checkMobileNumber(input: string, countryCode: string): PhoneCheck {
  const text = input.trim();
  if (!text) return { valid: false, error: 'Phone number is required' };
  const phone = parsePhoneNumberFromString(text, countryCode as CountryCode);
  if (!phone || !phone.isValid()) return { valid: false, error: 'Invalid phone number format' };
  if (phone.country !== countryCode) {
    return { valid: false, error: 'This phone number does not belong to the selected country' };
  }
  const type = phone.getType();
  if (type !== undefined && type !== 'MOBILE' && type !== 'FIXED_LINE_OR_MOBILE') {
    return { valid: false, error: 'This is not a mobile phone number' };
  }
  return { valid: true, e164: phone.number, nationalNumber: phone.nationalNumber, countryCode };
}
