import crypto from 'node:crypto';

/**
 * Order tokens prove ownership of an anonymous order: `<paymentId>.<signature>`. They are signed, not
 * stored, so a retried request (same Idempotency-Key) can be given the same token again.
 */
export class OrderTokens {
  constructor(private readonly secret: string) {}

  issue(paymentId: string): string {
    return `${paymentId}.${this.sign(paymentId)}`;
  }

  /** The payment id a token stands for, or null when the token is not ours. */
  verify(token: string): string | null {
    const dot = token.lastIndexOf('.');
    if (dot <= 0) return null;
    const paymentId = token.slice(0, dot);
    const given = Buffer.from(token.slice(dot + 1));
    const expected = Buffer.from(this.sign(paymentId));
    return given.length === expected.length && crypto.timingSafeEqual(given, expected) ? paymentId : null;
  }

  /**
   * A read-only token: it opens the order's story (the receipt e-mail's link carries it) and proves
   * nothing else, so a forwarded receipt cannot cancel the order or claim its credit.
   */
  viewToken(paymentId: string): string {
    return this.sign(paymentId, 'view');
  }

  verifyView(paymentId: string, token: string): boolean {
    const given = Buffer.from(token);
    const expected = Buffer.from(this.viewToken(paymentId));
    return given.length === expected.length && crypto.timingSafeEqual(given, expected);
  }

  private sign(paymentId: string, purpose: 'order' | 'view' = 'order'): string {
    return crypto.createHmac('sha256', this.secret).update(`${purpose}:${paymentId}`).digest('base64url');
  }
}

const ALPHABET = 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789';

/** `pay_` and 24 random base62 characters (about 143 bits): unguessable, safe in a URL. */
export function newPaymentId(): string {
  const bytes = crypto.randomBytes(24);
  let id = 'pay_';
  // b % 62 slightly favours 8 of the symbols; 24 of them still carry over 140 bits.
  for (const b of bytes) id += ALPHABET[b % 62];
  return id;
}
