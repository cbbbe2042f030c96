import { InlineKeyboard } from 'grammy';
import {
  displayTone,
  formatTimeIn,
  formatUsdIn,
  pinLines,
  type Catalog,
  type Locale,
  type TDisplayTone,
  type TOrderStory,
  escapeHtml as h,
} from '@topup/shared';
import { walletButtons, withOrderLinks, type OrderLinks } from '../keyboards';
import { CB } from '../keyboards/callbacks';
import { paymentInstructionLines } from './payment';
import { displayStatusLine } from './status-line';

/**
 * An order's message in the chat, drawn from its story (GET /api/orders/{ref}/story): what was asked,
 * the state, what arrived against what was due, what to send now (the whole amount, or only the rest,
 * with its QR code and wallet buttons), where any value went, and one row of next actions. The same
 * message is edited on every payment event (notifications.ts, the Check payment button, the watch),
 * so nothing in it is ever frozen at an earlier value.
 */
export interface OrderMessage {
  caption: string;
  keyboard: InlineKeyboard;
  /** The picture: the QR code of what is to be paid now, or, once nothing is, a plain square in the state's colour. */
  media: { qr: string } | { tone: TDisplayTone };
}

/** "14:05" in the user's language, UTC (the texts add "UTC"); English keeps the spec's 24-hour "HH:MM". */
const hhmm = (locale: Locale, iso: string) => (locale === 'en' ? new Date(iso).toISOString().slice(11, 16) : formatTimeIn(locale, iso, 'UTC'));

/** Where the order's value went: one line per place, with why. */
function creditLines(t: Catalog, locale: Locale, s: TOrderStory): string[] {
  const credits = s.value.credits;
  if (credits.length === 0) return [];
  const lines: string[] = [];
  for (const place of ['on_balance', 'held'] as const) {
    const here = credits.filter((c) => c.place === place);
    if (here.length === 0) continue;
    const amount = formatUsdIn(
      locale,
      here.reduce((sum, c) => sum + c.amount, 0),
    );
    const why = [...new Set(here.map((c) => t.bot.creditReasons[c.reason]))].join(', ');
    // A failed delivery keeps the spec's sentence.
    if (place === 'on_balance' && here.every((c) => c.reason === 'failed_delivery')) lines.push(t.bot.failedCredit({ amount }));
    else lines.push(place === 'on_balance' ? t.bot.creditOnBalance({ amount, why }) : t.bot.creditHeld({ amount, why }));
  }
  return lines;
}

/** Whole minutes left until `deadline`, rounded up (the message is drawn again as they pass: the count goes down). */
const minutesLeft = (deadline: string, now: number) => Math.max(1, Math.ceil((Date.parse(deadline) - now) / 60_000));

export function orderMessage(t: Catalog, locale: Locale, s: TOrderStory, links: OrderLinks, now = Date.now()): OrderMessage {
  const o = s.order;
  const d = s.display;
  const next = s.next;
  const payable = next.action === 'pay' || next.action === 'pay_rest' ? next.pay : null;
  const usd = (cents: number) => formatUsdIn(locale, cents);
  const lines = [payable ? t.bot.payTitle({ orderId: o.orderId }) : t.bot.orderTitle({ orderId: o.orderId })];
  lines.push(
    o.phoneNumber
      ? t.bot.orderSummary({ phone: o.phoneNumber, operator: o.operatorName ?? '', amount: usd(o.amount), total: usd(o.totalAmount) })
      : t.bot.balanceTopupSummary({ total: usd(o.totalAmount) }),
  );
  lines.push('', `${h(t.common.labels.status)}${t.common.colon} <b>${displayStatusLine(t, s.display)}</b>`);

  const a = s.amounts;
  if (d.state === 'partly_paid' && a && d.deadline) {
    lines.push(t.bot.underpaid({ received: a.received.amount, due: a.due.amount, coin: a.coin, time: hhmm(locale, d.deadline) }));
  } else if (a && a.received.baseUnits !== '0' && d.state !== 'completed') {
    lines.push(t.bot.received({ received: a.received.amount, due: a.due.amount, coin: a.coin }));
  }
  if (payable) {
    const rest = next.action === 'pay_rest';
    lines.push(
      '',
      ...paymentInstructionLines(t, {
        rest,
        amount: payable.amount,
        coin: payable.coin,
        address: payable.address,
        memo: payable.memo ?? null,
        networkLabel: payable.networkLabel,
        deadline: rest
          ? t.bot.payRestUntil({ time: hhmm(locale, payable.deadline) })
          : t.bot.payExpires({ time: hhmm(locale, payable.deadline), minutes: minutesLeft(payable.deadline, now) }),
      }),
    );
  }
  // Telegram's rules keep its coin out of the chat: how it stands, never where or how it is paid.
  if (next.action === 'pay_outside_telegram') lines.push('', h(t.common.paidOutsideTelegram({ coin: next.coin, network: next.networkLabel })));
  if (d.state === 'completed' && o.phoneNumber) lines.push(t.bot.completedTo({ phone: o.phoneNumber, amount: usd(o.amount) }));
  if (o.pin) {
    const c = t.common;
    lines.push('', `<b>${h(c.pin.title)}</b>`, h(c.pin.intro));
    for (const l of pinLines(c.pin, o.pin)) lines.push(`${h(l.label)}${c.colon} ${l.code ? `<code>${h(l.value)}</code>` : h(l.value)}`);
  }
  if (o.providerTransactionId && (d.state === 'completed' || d.state === 'delivering')) lines.push(t.bot.transactionId({ id: o.providerTransactionId }));
  if (d.state === 'expired') lines.push(t.bot.expiredBody);
  if (d.sub === 'resent') lines.push(t.bot.resent);
  if (d.sub === 'slow') lines.push(t.bot.slow);
  const credits = creditLines(t, locale, s);
  if (credits.length) lines.push('', ...credits);

  return { caption: lines.join('\n'), keyboard: orderKeyboard(t, s, links), media: payable ? { qr: payable.paymentUri } : { tone: displayTone(d) } };
}

/** Whether the story leaves something to wait for (a payment, its confirmations, the delivery). */
export function stillOpen(story: TOrderStory): boolean {
  return ['pay', 'pay_rest', 'pay_outside_telegram', 'wait'].includes(story.next.action);
}

/** The message's buttons: the wallets while something is to be paid, Check payment, then the order's next actions. */
function orderKeyboard(t: Catalog, s: TOrderStory, links: OrderLinks): InlineKeyboard {
  const o = s.order;
  const next = s.next;
  const kb = new InlineKeyboard();
  if (next.action === 'pay' || next.action === 'pay_rest') walletButtons(kb, t, next.pay.walletLinks);
  if (stillOpen(s)) kb.text(t.bot.btnCheckPayment, CB.checkPayment.data(o.orderId)).row();
  // Cancel only while nothing arrived: the API refuses it after a payment (and says why).
  if (next.action === 'pay' && o.status === 'pending_crypto_payment') kb.text(t.bot.btnCancelPayment, CB.cancelPayment.data(o.paymentId)).row();
  const renew = o.status === 'payment_expired' && s.display.state === 'expired' && o.kind === 'recharge';
  if (renew) kb.text(t.bot.btnNewPayment, CB.newPayment.data(o.orderId)).row();
  else if (o.status === 'completed' && o.kind === 'recharge') kb.text(t.bot.btnTopUpAgain, CB.again.data(o.orderId)).row();
  else if (next.action === 'new_recharge' || o.status === 'failed' || o.status === 'cancelled') kb.text(t.bot.btnNewRecharge, CB.recharge.data).row();
  if (s.value.onBalanceAmount > 0 || next.action === 'open_balance') kb.text(t.bot.btnBalance, CB.balance.data);
  kb.text(t.bot.btnSupport, CB.support.data(o.orderId));
  return withOrderLinks(kb, t, links, o.paymentId);
}
