import { describe, expect, it } from 'vitest';
import { checkBalance, checkEmail, checkManualExisting, checkManualNew, checkPasswordChange, defaultAdjustmentNote, MESSAGES } from '../src/validation';

/** The console's form checks say what the spec says, word for word (section 5). */
describe('admin form checks', () => {
  it('manual top-up, new: phone, country, operator and amount are required', () => {
    const full = { phoneNumber: '671234567', countryId: '120', operatorId: '53', amount: '10' };
    expect(checkManualNew(full)).toBeNull();
    for (const key of Object.keys(full) as (keyof typeof full)[]) {
      expect(checkManualNew({ ...full, [key]: ' ' })).toBe('Please fill in all required fields.');
    }
  });

  it('manual top-up, existing: an order and notes are required', () => {
    expect(checkManualExisting({ orderId: '4', notes: 'paid by transfer' })).toBeNull();
    expect(checkManualExisting({ orderId: '', notes: 'x' })).toBe('Please select an order and add notes for existing order processing.');
    expect(checkManualExisting({ orderId: '4', notes: '  ' })).toBe(MESSAGES.manualExistingRequired);
  });

  it('balance adjustment: a user and an amount above zero', () => {
    expect(checkBalance({ userId: '3', amount: '0.01' })).toBeNull();
    expect(checkBalance({ userId: '', amount: '5' })).toBe('Please select a user and enter an amount.');
    expect(checkBalance({ userId: '3', amount: '' })).toBe('Please select a user and enter an amount.');
    for (const amount of ['0', '-2', 'abc']) expect(checkBalance({ userId: '3', amount })).toBe('Amount must be greater than 0.');
    expect(defaultAdjustmentNote('add')).toBe('Admin add balance adjustment');
    expect(defaultAdjustmentNote('subtract')).toBe('Admin subtract balance adjustment');
  });

  it('password change: all fields, matching, at least 6 characters, in that order', () => {
    expect(checkPasswordChange({ currentPassword: 'old-one', newPassword: 'secret', confirmPassword: 'secret' })).toBeNull();
    expect(checkPasswordChange({ currentPassword: '', newPassword: 'secret', confirmPassword: 'secret' })).toBe('Please fill in all password fields');
    expect(checkPasswordChange({ currentPassword: 'old', newPassword: 'abc', confirmPassword: 'abd' })).toBe('New passwords do not match');
    expect(checkPasswordChange({ currentPassword: 'old', newPassword: 'abcde', confirmPassword: 'abcde' })).toBe('New password must be at least 6 characters long');
  });

  it('emails: required with each form its own message, then something@something.something without spaces', () => {
    expect(checkEmail('', MESSAGES.contactEmailRequired)).toBe('Please enter a new email address');
    expect(checkEmail(' ', MESSAGES.signInEmailRequired)).toBe('Please enter a new sign-in email address');
    for (const bad of ['ops', 'ops@example', 'ops team@example.com', '@example.com']) expect(checkEmail(bad, MESSAGES.contactEmailRequired)).toBe('Please enter a valid email address');
    expect(checkEmail(' ops@example.com ', MESSAGES.contactEmailRequired)).toBeNull();
  });
});
