import { DISPLAY_ICONS, displayKey, formatUsd, type TOrderDisplay, type TOrderView } from '@topup/shared';
import type { Locale, Messages } from '../locales';
import { h } from '../locales/html';
import { coinName } from './payment';

/** The order's display state (shared/src/order-display.ts): its icon and its label in the user's language. */
function statusBadge(t: Messages, display: TOrderDisplay): string {
  const counted = display.state === 'confirming' && display.confirmations ? ` ${display.confirmations.n}/${display.confirmations.m}` : '';
  return `${DISPLAY_ICONS[display.state]} ${t.statusNames[displayKey(display)]}${counted}`;
}

/** The spec's date-time format (short month, numeric day and year, 2-digit time) in the user's language, UTC. */
function formatDate(locale: Locale, iso: string): string {
  const text = new Intl.DateTimeFormat(locale, { month: 'short', day: 'numeric', year: 'numeric', hour: '2-digit', minute: '2-digit', timeZone: 'UTC' }).format(
    new Date(iso),
  );
  return `${text} UTC`;
}

const usd = (dollars: number) => formatUsd(Math.round(dollars * 100));

const ORDERS_SHOWN = 10;

export function ordersList(t: Messages, locale: Locale, orders: TOrderView[], botUsername: string): string {
  const lines = [t.ordersTitle, ''];
  for (const o of orders.slice(0, ORDERS_SHOWN)) {
    const link = `<a href="https://t.me/${h(botUsername)}?start=order_${o.id}">#${o.id}</a>`;
    const what = o.phoneNumber ? `${h(o.phoneNumber)}${o.operatorName ? ` · ${h(o.operatorName)}` : ''}` : t.balanceTopupSummary({ total: usd(o.totalAmount) });
    lines.push(`${link} · ${statusBadge(t, o.display)}`, `${h(formatDate(locale, o.createdAt))} · ${what} · ${h(usd(o.amount))}`, '');
  }
  if (orders.length > ORDERS_SHOWN) lines.push(t.ordersMore({ count: orders.length - ORDERS_SHOWN }));
  lines.push(t.orderDetailsHint);
  return lines.join('\n').trim();
}

export function orderDetails(t: Messages, locale: Locale, o: TOrderView, now = Date.now()): string {
  const line = (label: string, value: string) => `${h(label)}: <b>${value}</b>`;
  const lines = [`🧾 <b>#${o.id}</b>`, line(t.lblStatus, statusBadge(t, o.display)), line(t.lblDate, h(formatDate(locale, o.createdAt)))];
  if (o.phoneNumber) lines.push(line(t.lblPhone, `<code>${h(o.phoneNumber)}</code>`));
  if (o.operatorName) lines.push(line(t.lblOperator, h(o.operatorName)));
  lines.push(line(t.lblAmount, h(usd(o.amount))), line(t.lblFee, h(usd(o.serviceFee))), line(t.lblTotal, h(usd(o.totalAmount))));
  if (o.cryptocurrency && o.cryptoAmount) lines.push(line(t.lblPayWith, `<code>${h(o.cryptoAmount)}</code> ${h(o.cryptocurrency)} (${h(coinName(o.cryptocurrency))})`));
  if (o.status === 'pending_crypto_payment' && o.walletAddress && Date.parse(o.expiresAt) > now) {
    lines.push('', t.payTo, `<code>${h(o.walletAddress)}</code>`);
  }
  if (o.transactionId) lines.push(t.transactionId({ id: o.transactionId }));
  return lines.join('\n');
}
