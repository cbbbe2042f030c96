import { describe, expect, it } from 'vitest';
import { acknowledgement, notSent, supportRequestInUrl } from './support';

const support = { email: 'help@topup.test', telegram: 'topup_support', whatsapp: null };

describe('the live chat', () => {
  it('says where the answer will come, then the other ways to reach us; it promises nothing else', () => {
    expect(acknowledgement(support, { channel: 'email', address: 'ana@example.net' })).toBe(
      'Thanks! Your message reached our support team; we will answer here and by e-mail to ana@example.net. For a faster answer, e-mail us at help@topup.test or write to @topup_support on Telegram.',
    );
    expect(acknowledgement(support, { channel: 'telegram' })).toContain('we will answer here and in our Telegram bot.');
    expect(acknowledgement(undefined, null)).toBe('Thanks! Your message reached our support team; we will answer here in this chat.');
  });

  it('says plainly where to write when a message could not be sent', () => {
    expect(notSent(support, 'we could not reach our server.')).toBe(
      'Your message was not sent: we could not reach our server. You can also e-mail us at help@topup.test or write to @topup_support on Telegram.',
    );
    expect(notSent(undefined, 'x.')).toBe('Your message was not sent: x. You can also reach us through the Contact page.');
  });

  it('opens from a link: ?support=open, with the order when it is a payment id', () => {
    expect(supportRequestInUrl('?support=open&order=pay_ABCDEFGHIJKLMNOPQRSTUVWX')).toEqual({ paymentId: 'pay_ABCDEFGHIJKLMNOPQRSTUVWX' });
    expect(supportRequestInUrl('?support=open&order=<script>')).toEqual({});
    expect(supportRequestInUrl('?support=open')).toEqual({});
    expect(supportRequestInUrl('?order=pay_ABCDEFGHIJKLMNOPQRSTUVWX')).toBeNull();
  });
});
