import { describe, expect, it } from 'vitest';
import {
  ADMIN_MESSAGES,
  defaultAdjustmentNote,
  ZAdminOrder,
  ZAdminSettings,
  ZBalanceAdjustmentRequest,
  ZChangeEmailRequest,
  ZChangePasswordForm,
  ZChangeSignInEmailRequest,
  ZManualTopupRequest,
  ZOrderActionRequest,
  ZOrderCreditRequest,
  ZOrderRefundRequest,
  ZSettingsRequest,
  ZSupportReplyRequest,
  manualTopupProgress,
} from './admin';
import { formProblem } from './common';

/**
 * The admin forms' checks are the API's request schemas: the console shows what the API would answer,
 * in the spec's words (section 5).
 */
describe('admin request schemas, as the console checks its forms', () => {
  it('manual top-up, new: phone, country, operator and amount are required; the amount becomes cents', () => {
    const full = { mode: 'new', phoneNumber: '671234567', countryId: '120', operatorId: '53', amount: '10.07' } as const;
    expect(ZManualTopupRequest.parse(full)).toEqual({ ...full, countryId: 120, operatorId: 53, amount: 1007, notes: '' });
    for (const key of ['phoneNumber', 'countryId', 'operatorId', 'amount'] as const) {
      for (const blank of [' ', '', undefined])
        expect([key, formProblem(ZManualTopupRequest, { ...full, [key]: blank })]).toEqual([key, 'Please fill in all required fields.']);
    }
  });

  it('manual top-up, existing: an order and notes are required', () => {
    expect(formProblem(ZManualTopupRequest, { mode: 'existing', orderId: '4', notes: 'paid by transfer' })).toBeNull();
    expect(formProblem(ZManualTopupRequest, { mode: 'existing', orderId: '', notes: 'x' })).toBe(
      'Please select an order and add notes for existing order processing.',
    );
    expect(formProblem(ZManualTopupRequest, { mode: 'existing', orderId: 4, notes: '  ' })).toBe(ADMIN_MESSAGES.manualExistingRequired);
  });

  it('balance adjustment: a user and an amount above zero, in cents', () => {
    expect(ZBalanceAdjustmentRequest.parse({ userId: '3', amount: '0.29' })).toEqual({ userId: 3, amount: 29 });
    expect(formProblem(ZBalanceAdjustmentRequest, { userId: '', amount: '5' })).toBe('Please select a user and enter an amount.');
    expect(formProblem(ZBalanceAdjustmentRequest, { userId: '3', amount: '' })).toBe('Please select a user and enter an amount.');
    for (const amount of ['0', '-2', 0, '0.00']) expect(formProblem(ZBalanceAdjustmentRequest, { userId: '3', amount })).toBe('Amount must be greater than 0.');
    expect(defaultAdjustmentNote('add')).toBe('Admin add balance adjustment');
    expect(defaultAdjustmentNote('subtract')).toBe('Admin subtract balance adjustment');
  });

  it('password change: all fields, matching, at least 6 characters, in that order; the request leaves the confirmation out', () => {
    expect(ZChangePasswordForm.parse({ currentPassword: 'old-one', newPassword: 'secret', confirmPassword: 'secret' })).toEqual({
      currentPassword: 'old-one',
      newPassword: 'secret',
    });
    expect(formProblem(ZChangePasswordForm, { currentPassword: '', newPassword: 'secret', confirmPassword: 'other' })).toBe(
      'Please fill in all password fields',
    );
    expect(formProblem(ZChangePasswordForm, { currentPassword: 'old', newPassword: 'abc', confirmPassword: 'abd' })).toBe('New passwords do not match');
    expect(formProblem(ZChangePasswordForm, { currentPassword: 'old', newPassword: 'abcde', confirmPassword: 'abcde' })).toBe(
      'New password must be at least 6 characters long',
    );
  });

  it('emails: required with each form its own message, then something@something.something without spaces', () => {
    expect(formProblem(ZChangeEmailRequest, { newEmail: '' })).toBe('Please enter a new email address');
    expect(formProblem(ZChangeSignInEmailRequest, { newSignInEmail: ' ' })).toBe('Please enter a new sign-in email address');
    for (const bad of ['ops', 'ops@example', 'ops team@example.com', '@example.com'])
      expect(formProblem(ZChangeEmailRequest, { newEmail: bad })).toBe('Please enter a valid email address');
    expect(ZChangeEmailRequest.parse({ newEmail: ' ops@example.com ' })).toEqual({ newEmail: 'ops@example.com' });
  });

  it('settings: every amount given, the minimum above zero and not above the maximum, the fee not negative', () => {
    const form = { maintenanceMode: false, allowNewRegistrations: true, minTopUp: '5', maxTopUp: '500', serviceFee: '1.25' };
    expect(ZSettingsRequest.parse(form)).toEqual({ ...form, minTopUp: 500, maxTopUp: 50_000, serviceFee: 125 });
    expect(formProblem(ZSettingsRequest, { ...form, maxTopUp: ' ' })).toBe('Please enter the minimum and maximum top-up and the service fee.');
    expect(formProblem(ZSettingsRequest, { ...form, minTopUp: '600' })).toBe('The minimum top-up must be above zero and not above the maximum');
    expect(formProblem(ZSettingsRequest, { ...form, serviceFee: '-1' })).toBe('The service fee cannot be negative');
  });
});

describe('admin answers', () => {
  it('carry dollars on the wire and cents in code, to the cent', () => {
    const settings = { maintenanceMode: false, allowNewRegistrations: true, minTopUp: 500, maxTopUp: 50_000, serviceFee: 29 };
    const wire = ZAdminSettings.encode(settings);
    expect(wire).toEqual({ ...settings, minTopUp: 5, maxTopUp: 500, serviceFee: 0.29 });
    expect(ZAdminSettings.parse(JSON.parse(JSON.stringify(wire)))).toEqual(settings);
    expect(ZAdminOrder.shape.totalAmount.parse(10.07)).toBe(1007);
  });
});

describe('a manual top-up says what really happened', () => {
  it("is 'submitted' while the order waits or is being delivered; the spec's success text only once it completed", () => {
    for (const status of ['paid', 'processing'] as const) {
      const p = manualTopupProgress(7, status);
      expect([p.title, p.settled]).toEqual(['Manual top-up submitted', false]);
      expect(p.description).not.toContain('success');
    }
    expect(manualTopupProgress(7, 'paid').description).toBe('Order #7 is queued for delivery.');
    expect(manualTopupProgress(7, 'completed')).toEqual({ title: 'Success!', description: ADMIN_MESSAGES.manualTopupDone, settled: true, ok: true });
    expect(manualTopupProgress(7, 'failed')).toMatchObject({ title: 'Top-up Failed', settled: true, ok: false });
  });
});

describe('order actions and support answers', () => {
  it('need a reason; a credit is an amount above zero, in cents', () => {
    expect(formProblem(ZOrderActionRequest, { notes: ' ' })).toBe('Please give a reason.');
    expect(formProblem(ZOrderRefundRequest, {})).toBe('Please give a reason.');
    expect(ZOrderCreditRequest.parse({ amount: '2.50', reason: 'goodwill' })).toEqual({ amount: 250, reason: 'goodwill' });
    expect(formProblem(ZOrderCreditRequest, { amount: '', reason: 'x' })).toBe('Please enter an amount.');
    expect(formProblem(ZOrderCreditRequest, { amount: '0', reason: 'x' })).toBe('Amount must be greater than 0.');
    expect(formProblem(ZSupportReplyRequest, { text: '\n ' })).toBe('Please write an answer.');
    expect(formProblem(ZSupportReplyRequest, { text: 'x'.repeat(4001) })).toBe('Please keep the answer under 4,000 characters.');
  });
});
