import { InlineKeyboard } from 'grammy';
import { WALLET_APPS, type TWalletLinks } from '@topup/shared';
import { LOCALE_CODES, LOCALES, type Messages } from '../locales';

/**
 * Inline keyboards and their callback data (at most 64 bytes):
 *   r:<step>:<value>      a choice inside the recharge conversation (checked against the prompt it belongs to)
 *   g:recharge            start a recharge
 *   lang:<code>           choose a language
 *   pay:x:<paymentId>     cancel an unpaid payment
 *   pay:n:<orderId>       create a new payment for an expired order
 */
export const CB = {
  recharge: 'g:recharge',
  language: (code: string) => `lang:${code}`,
  cancelPayment: (paymentId: string) => `pay:x:${paymentId}`,
  newPayment: (orderId: number) => `pay:n:${orderId}`,
  step: (step: string, value: string | number) => `r:${step}:${value}`,
} as const;

function grid(buttons: { label: string; data: string }[], perRow: number): InlineKeyboard {
  const kb = new InlineKeyboard();
  buttons.forEach((b, i) => {
    if (i > 0 && i % perRow === 0) kb.row();
    kb.text(b.label, b.data);
  });
  return kb;
}

export function welcomeKeyboard(t: Messages, webAppUrl: string | null): InlineKeyboard {
  const kb = new InlineKeyboard();
  if (webAppUrl) kb.webApp(t.btnOpenApp, webAppUrl).row();
  return kb.text(t.btnRechargeInChat, CB.recharge);
}

export function rechargeKeyboard(label: string): InlineKeyboard {
  return new InlineKeyboard().text(label, CB.recharge);
}

export function languageKeyboard(): InlineKeyboard {
  const flags: Record<string, string> = { en: '🇬🇧', fr: '🇫🇷', es: '🇪🇸', pt: '🇧🇷' };
  return grid(LOCALE_CODES.map((code) => ({ label: `${flags[code] ?? ''} ${LOCALES[code].languageName}`.trim(), data: CB.language(code) })), 2);
}

export function countryKeyboard(countries: { code: string; label: string }[]): InlineKeyboard {
  return grid(countries.map((c) => ({ label: c.label, data: CB.step('country', c.code) })), 2);
}

export function operatorKeyboard(operators: { operatorId: number; name: string }[]): InlineKeyboard {
  return grid(operators.map((o) => ({ label: o.name, data: CB.step('operator', o.operatorId) })), 1);
}

export function amountKeyboard(amounts: { cents: number; label: string }[]): InlineKeyboard {
  return grid(amounts.map((a) => ({ label: a.label, data: CB.step('amount', a.cents) })), 2);
}

/** The coins (assets) the API offers (GET /api/payment-options), by name: USDT, USDC, ETH, BNB, POL. */
export function coinKeyboard(assets: { asset: string; name: string }[]): InlineKeyboard {
  return grid(assets.map((a) => ({ label: a.name, data: CB.step('coin', a.asset) })), 2);
}

/** The networks of the coin chosen, cheapest first, one a row (a label carries the network and its fee). */
export function networkKeyboard(networks: { symbol: string; label: string }[]): InlineKeyboard {
  return grid(networks.map((n) => ({ label: n.label, data: CB.step('network', n.symbol) })), 1);
}

export function reviewKeyboard(t: Messages): InlineKeyboard {
  return new InlineKeyboard()
    .text(t.btnConfirm, CB.step('review', 'confirm'))
    .row()
    .text(t.btnEdit, CB.step('review', 'edit'))
    .text(t.btnCancel, CB.step('review', 'cancel'));
}

export function editKeyboard(t: Messages): InlineKeyboard {
  return new InlineKeyboard()
    .text(t.btnEditCountry, CB.step('edit', 'country'))
    .text(t.btnEditOperator, CB.step('edit', 'operator'))
    .row()
    .text(t.btnEditAmount, CB.step('edit', 'amount'))
    .text(t.btnEditPhone, CB.step('edit', 'phone'))
    .row()
    .text(t.btnEditCoin, CB.step('edit', 'coin'))
    .text(t.btnBackToReview, CB.step('edit', 'back'));
}

/**
 * An unpaid payment's buttons: one per wallet that has a payment link, opening it with the payment
 * filled in, then Cancel. Telegram takes only HTTP(S) and tg:// links for a URL button, so the EIP-681
 * `ethereum:` link stays with the QR code; the wallets' own links are https.
 */
export function pendingPaymentKeyboard(t: Messages, payment: { paymentId: string; walletLinks: TWalletLinks }): InlineKeyboard {
  const kb = new InlineKeyboard();
  for (const { link, name } of WALLET_APPS) {
    const url = payment.walletLinks[link];
    if (url?.startsWith('https://')) kb.url(t.btnOpenIn({ wallet: name }), url).row();
  }
  return kb.text(t.btnCancelPayment, CB.cancelPayment(payment.paymentId));
}

export function expiredKeyboard(t: Messages, orderId: number): InlineKeyboard {
  return new InlineKeyboard().text(t.btnNewPayment, CB.newPayment(orderId));
}
