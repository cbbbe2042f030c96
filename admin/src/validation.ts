import { isEmailAddress } from '@topup/shared';

/**
 * The console's form checks, with the spec's messages word for word (section 5). Each returns the
 * message to show, or null when the form may be sent. The API checks the same again.
 */

export const MESSAGES = {
  manualNewRequired: 'Please fill in all required fields.',
  manualExistingRequired: 'Please select an order and add notes for existing order processing.',
  balanceRequired: 'Please select a user and enter an amount.',
  balancePositive: 'Amount must be greater than 0.',
  passwordRequired: 'Please fill in all password fields',
  passwordMismatch: 'New passwords do not match',
  passwordShort: 'New password must be at least 6 characters long',
  contactEmailRequired: 'Please enter a new email address',
  signInEmailRequired: 'Please enter a new sign-in email address',
  emailFormat: 'Please enter a valid email address',
} as const;

/** Minimum length of a new admin password (spec section 9). */
export const MIN_PASSWORD_LENGTH = 6;


const blank = (v: string) => v.trim() === '';

export function checkManualNew(f: { phoneNumber: string; countryId: string; operatorId: string; amount: string }): string | null {
  return [f.phoneNumber, f.countryId, f.operatorId, f.amount].some(blank) ? MESSAGES.manualNewRequired : null;
}

export function checkManualExisting(f: { orderId: string; notes: string }): string | null {
  return blank(f.orderId) || blank(f.notes) ? MESSAGES.manualExistingRequired : null;
}

export function checkBalance(f: { userId: string; amount: string }): string | null {
  if (blank(f.userId) || blank(f.amount)) return MESSAGES.balanceRequired;
  const amount = Number(f.amount);
  if (!Number.isFinite(amount) || amount <= 0) return MESSAGES.balancePositive;
  return null;
}

export function checkPasswordChange(f: { currentPassword: string; newPassword: string; confirmPassword: string }): string | null {
  if (!f.currentPassword || !f.newPassword || !f.confirmPassword) return MESSAGES.passwordRequired;
  if (f.newPassword !== f.confirmPassword) return MESSAGES.passwordMismatch;
  if (f.newPassword.length < MIN_PASSWORD_LENGTH) return MESSAGES.passwordShort;
  return null;
}

export function checkEmail(value: string, requiredMessage: string): string | null {
  if (blank(value)) return requiredMessage;
  return isEmailAddress(value) ? null : MESSAGES.emailFormat;
}

/** The default balance adjustment note (spec section 5). */
export function defaultAdjustmentNote(action: 'add' | 'subtract'): string {
  return `Admin ${action} balance adjustment`;
}
