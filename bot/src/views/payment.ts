import QRCode from 'qrcode';
import { InputFile, type Api, type InlineKeyboard } from 'grammy';
import { COINS, dollarsToCents, formatUsdIn, type Locale, type TOrderStatus, type TPaymentCreated, type Catalog, escapeHtml as h } from '@topup/shared';
import type { TNotificationPayload } from '@topup/shared';
import { endedOrderKeyboard, expiredKeyboard, pendingPaymentKeyboard, type OrderLinks } from '../keyboards';
import { statusLine } from './status-line';

/** What the payment message says about the order besides the payment itself (no number: a balance top-up). */
export interface OrderDetails {
  phoneNumber: string | null;
  operatorName: string | null;
}

/** The QR code of the payment link (EIP-681), as a PNG a wallet app can scan from the chat. */
function paymentQrPng(paymentUri: string): Promise<Buffer> {
  return QRCode.toBuffer(paymentUri, { type: 'png', errorCorrectionLevel: 'M', margin: 2, width: 384 });
}

function hhmmUtc(iso: string): string {
  const d = new Date(iso);
  return `${String(d.getUTCHours()).padStart(2, '0')}:${String(d.getUTCMinutes()).padStart(2, '0')}`;
}

function summary(t: Catalog, p: { phoneNumber: string | null; operatorName: string | null; amount: string; total: string }): string {
  if (!p.phoneNumber) return t.bot.balanceTopupSummary({ total: p.total });
  return t.bot.orderSummary({ phone: p.phoneNumber, operator: p.operatorName ?? '', amount: p.amount, total: p.total });
}

/** What to send where, with the lines that keep a payment safe (right amount, right network, never the token contract). */
export interface PaymentInstructions {
  /** Only the rest of a partial payment is asked for. */
  rest: boolean;
  amount: string;
  coin: string;
  address: string;
  /** The comment the payment must carry where the address is shared by many orders (TON); null: none. */
  memo: string | null;
  networkLabel: string;
  /** The deadline's line (payExpires or payRestUntil), already in the user's language. */
  deadline: string;
}

/**
 * The payment block of every version of a payment message (the one sent, and each edit while a payment
 * is expected): the safety lines stay for as long as anything is to be sent.
 */
export function paymentInstructionLines(t: Catalog, p: PaymentInstructions): string[] {
  return [
    p.rest ? t.bot.payRest : t.bot.paySend,
    `<code>${h(p.amount)}</code> ${h(p.coin)}`,
    t.bot.payTo,
    `<code>${h(p.address)}</code>`,
    ...(p.memo ? [t.bot.payComment, `<code>${h(p.memo)}</code>`] : []),
    t.bot.payNetwork({ network: `${p.networkLabel} · ${coinName(p.coin)}` }),
    p.deadline,
    '',
    t.bot.payScan({ coin: p.coin }),
    t.bot.payImportant,
    t.bot.payFromWallet,
  ];
}

/** Caption of the payment photo while the order waits for the payment (at most 1024 characters). */
export function pendingPaymentCaption(t: Catalog, payment: TPaymentCreated, details: OrderDetails, locale: Locale = 'en'): string {
  const minutes = Math.max(1, Math.round((Date.parse(payment.expiresAt) - Date.parse(payment.createdAt)) / 60_000));
  const amounts = { amount: formatUsdIn(locale, dollarsToCents(payment.amount)), total: formatUsdIn(locale, dollarsToCents(payment.totalAmount)) };
  return [
    t.bot.payTitle({ orderId: payment.orderId }),
    summary(t, { ...details, ...amounts }),
    '',
    ...paymentInstructionLines(t, {
      rest: false,
      amount: payment.cryptoAmount,
      coin: payment.cryptocurrency,
      address: payment.walletAddress,
      memo: payment.memo ?? null,
      networkLabel: payment.networkLabel,
      deadline: t.bot.payExpires({ time: hhmmUtc(payment.expiresAt), minutes }),
    }),
    '',
    `${h(t.common.labels.status)}${t.common.colon} ${t.bot.statusWaiting}`,
  ].join('\n');
}

/** Sends the payment message (QR code photo, copyable amount and address, buttons opening the wallets) and returns its id. */
export async function sendPaymentMessage(
  api: Api,
  chatId: number,
  t: Catalog,
  payment: TPaymentCreated,
  details: OrderDetails,
  links: OrderLinks,
  locale: Locale = 'en',
): Promise<number> {
  const png = await paymentQrPng(payment.paymentUri);
  const message = await api.sendPhoto(chatId, new InputFile(png, `payment-${payment.orderId}.png`), {
    caption: pendingPaymentCaption(t, payment, details, locale),
    parse_mode: 'HTML',
    reply_markup: pendingPaymentKeyboard(t, payment, links),
  });
  return message.message_id;
}

/** The order's message after a status change (a photo caption or a text: short enough for both). */
export function statusCaption(t: Catalog, p: TNotificationPayload, confirmations?: { n: number; m: number }): string {
  const lines = [t.bot.payTitle({ orderId: p.orderId }), summary(t, p)];
  if (p.cryptoAmount && p.cryptocurrency && (p.status === 'confirming' || p.status === 'paid')) {
    lines.push(`🪙 <code>${h(p.cryptoAmount)}</code> ${h(p.cryptocurrency)}`);
  }
  lines.push('', `${h(t.common.labels.status)}${t.common.colon} <b>${statusLine(t, p.status, confirmations)}</b>`);
  if (p.status === 'completed') {
    if (p.phoneNumber) lines.push(t.bot.completedTo({ phone: p.phoneNumber, amount: p.amount }));
    if (p.transactionId) lines.push(t.bot.transactionId({ id: p.transactionId }));
  }
  if (p.status === 'failed') lines.push(t.bot.failedCredit({ amount: p.creditedAmount ?? p.total }));
  if (p.status === 'payment_expired') lines.push(t.bot.expiredBody);
  return lines.join('\n');
}

/** The buttons an order's message keeps after a status change (none while the payment confirms). */
export function statusKeyboard(t: Catalog, p: { orderId: number; paymentId: string; status: TOrderStatus }, links: OrderLinks): InlineKeyboard | undefined {
  if (p.status === 'payment_expired') return expiredKeyboard(t, p, links);
  if (p.status === 'completed' || p.status === 'failed' || p.status === 'cancelled') return endedOrderKeyboard(t, p.paymentId, links);
  return undefined;
}

export function coinName(symbol: string): string {
  return COINS[symbol]?.name ?? symbol;
}
