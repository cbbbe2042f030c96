import { describe, expect, it } from 'vitest';
import { CATALOGS } from '../../../shared/src/i18n/catalogs';
import { supportRequestInUrl } from './support';
import { acknowledgement, listedAlready, notSent } from './support-thread';

const chat = CATALOGS.en.web.pages.chat;

const support = { email: 'help@topup.test', telegram: 'topup_support', whatsapp: null };

describe('the live chat', () => {
  it('shows a message being sent once: not again when a refresh has already listed it', () => {
    const at = new Date('2026-11-25T10:00:00Z');
    const message = (id: number, from: 'customer' | 'support', text: string) => ({ id, from, text, createdAt: at, paymentId: null });
    const pending = { text: 'Where is my top-up?', afterId: 2 };
    expect(listedAlready(pending, [message(1, 'customer', 'Where is my top-up?'), message(2, 'support', 'Hello')])).toBe(false);
    expect(listedAlready(pending, [message(2, 'support', 'Hello'), message(3, 'support', 'Where is my top-up?')])).toBe(false);
    expect(listedAlready(pending, [message(2, 'support', 'Hello'), message(3, 'customer', 'Where is my top-up?')])).toBe(true);
  });

  it('says where the answer will come, then the other ways to reach us; it promises nothing else', () => {
    expect(acknowledgement(chat, support, { channel: 'email', address: 'ana@example.net' })).toBe(
      'Thanks! Your message reached our support team; we will answer here and by e-mail to ana@example.net. For a faster answer, e-mail us at help@topup.test or write to @topup_support on Telegram.',
    );
    expect(acknowledgement(chat, support, { channel: 'telegram' })).toContain('we will answer here and in our Telegram bot.');
    expect(acknowledgement(chat, undefined, null)).toBe('Thanks! Your message reached our support team; we will answer here in this chat.');
  });

  it('says plainly where to write when a message could not be sent', () => {
    expect(notSent(chat, support, 'we could not reach our server.')).toBe(
      'Your message was not sent: we could not reach our server. You can also e-mail us at help@topup.test or write to @topup_support on Telegram.',
    );
    expect(notSent(chat, undefined, 'x.')).toBe('Your message was not sent: x. You can also reach us through the Contact page.');
  });

  it('says it in the page’s language', () => {
    expect(acknowledgement(CATALOGS.fr.web.pages.chat, support, null)).toBe(
      'Merci\u00a0! Votre message est bien arrivé à notre équipe d’assistance\u00a0; nous vous répondrons ici, dans ce chat. Pour une réponse plus rapide, écrivez-nous à help@topup.test ou à @topup_support sur Telegram.',
    );
  });

  it('opens from a link: ?support=open, with the order when it is a payment id', () => {
    expect(supportRequestInUrl('?support=open&order=pay_ABCDEFGHIJKLMNOPQRSTUVWX')).toEqual({ paymentId: 'pay_ABCDEFGHIJKLMNOPQRSTUVWX' });
    expect(supportRequestInUrl('?support=open&order=<script>')).toEqual({});
    expect(supportRequestInUrl('?support=open')).toEqual({});
    expect(supportRequestInUrl('?order=pay_ABCDEFGHIJKLMNOPQRSTUVWX')).toBeNull();
  });
});
