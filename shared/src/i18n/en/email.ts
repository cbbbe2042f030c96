/**
 * The e-mails: receipts for an order's status and sign-in codes. Plain text. Amounts arrive
 * formatted in the e-mail's language; `orderUrl` is the order's page when the server knows its address.
 */
export const email = {
  receiptPaid: {
    subject: (p: { orderId: number }) => `Payment received – order #${p.orderId}`,
    body: (p: { paid: string }) => `We received your payment of ${p.paid}. Your top-up is on its way.`,
  },
  receiptCompleted: {
    subject: (p: { orderId: number; balanceTopup: boolean }) =>
      p.balanceTopup ? `Your balance was topped up – order #${p.orderId}` : `Your top-up was sent – order #${p.orderId}`,
    body: (p: { what: string; transactionId: string | null }) => `Done: ${p.what}.${p.transactionId ? ` Transaction id: ${p.transactionId}.` : ''}`,
  },
  receiptFailed: {
    subject: (p: { orderId: number; credited: string }) => `Top-up failed – ${p.credited} credited to your balance – order #${p.orderId}`,
    body: (p: { what: string; credited: string }) =>
      `We could not deliver ${p.what}. Nothing is lost: ${p.credited} was credited to your balance; use it for your next top-up.`,
  },
  /** The same for an order made without an account: its credit waits for whoever signs in with this address. */
  receiptFailedHeld: {
    subject: (p: { orderId: number; credited: string }) => `Top-up failed – ${p.credited} kept for you – order #${p.orderId}`,
    body: (p: { what: string; credited: string; email: string }) =>
      `We could not deliver ${p.what}. Nothing is lost: ${p.credited} is kept for you. Sign in with this e-mail (${p.email}) to use it: it is on your balance as soon as you do.`,
  },
  /** Any other status (no receipt is sent for them today; kept so every status has words). */
  receiptOther: { subject: (p: { orderId: number; status: string }) => `Order #${p.orderId}: ${p.status}` },
  /** What the order bought, inside the sentences above. */
  whatRecharge: (p: { amount: string; phone: string; operator: string }) => `${p.amount} of airtime for ${p.phone} (${p.operator})`,
  whatBalanceTopup: (p: { amount: string }) => `Balance top-up of ${p.amount}`,
  paidAmount: (p: { crypto: string; usd: string }) => `${p.crypto} (${p.usd})`,
  footer: (p: { orderId: number; paid: string }) => `Order: #${p.orderId}\nPaid: ${p.paid}`,
  orderLink: (p: { url: string }) => `See your order at any time: ${p.url}`,
  thanks: 'Thank you for using our service.',

  /** An answer from support, by e-mail. */
  supportReply: {
    subject: (p: { orderId: number | null }) => `Re: your message to support${p.orderId === null ? '' : ` about order #${p.orderId}`}`,
    youWrote: 'You wrote:',
    seeOrder: (p: { url: string }) => `See your order: ${p.url}`,
    howToAnswer: 'To answer, open the live chat on our site again (in the same browser, or signed in).',
  },

  signInCode: {
    subject: (p: { code: string }) => `Your sign-in code: ${p.code}`,
    body: (p: { code: string }) => `Your sign-in code is ${p.code}. It is valid for 10 minutes.\n\nIf you did not ask for it, ignore this message.`,
  },
};

export type EmailMessages = typeof email;
