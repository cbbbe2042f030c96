import { DISPLAY_ICONS, displayKey, formatDateTimeIn, formatUsd, type TOrderDisplay, type TOrderView, type Locale, type Catalog, escapeHtml as h } from '@topup/shared';
import { coinName } from './payment';

/** The order's display state (shared/src/order-display.ts): its icon and its label in the user's language. */
function statusBadge(t: Catalog, display: TOrderDisplay): string {
  const counted = display.state === 'confirming' && display.confirmations ? ` ${display.confirmations.n}/${display.confirmations.m}` : '';
  return `${DISPLAY_ICONS[display.state]} ${t.common.displayStates[displayKey(display)]}${counted}`;
}

/** The spec's date-time format (short month, numeric day and year, 2-digit time) in the user's language, UTC. */
function formatDate(locale: Locale, iso: string): string {
  return `${formatDateTimeIn(locale, iso, 'UTC')} UTC`;
}

const usd = (dollars: number) => formatUsd(Math.round(dollars * 100));

const ORDERS_SHOWN = 10;

export function ordersList(t: Catalog, locale: Locale, orders: TOrderView[], botUsername: string): string {
  const lines = [t.bot.ordersTitle, ''];
  for (const o of orders.slice(0, ORDERS_SHOWN)) {
    const link = `<a href="https://t.me/${h(botUsername)}?start=order_${o.id}">#${o.id}</a>`;
    const what = o.phoneNumber ? `${h(o.phoneNumber)}${o.operatorName ? ` · ${h(o.operatorName)}` : ''}` : t.bot.balanceTopupSummary({ total: usd(o.totalAmount) });
    lines.push(`${link} · ${statusBadge(t, o.display)}`, `${h(formatDate(locale, o.createdAt))} · ${what} · ${h(usd(o.amount))}`, '');
  }
  if (orders.length > ORDERS_SHOWN) lines.push(t.bot.ordersMore({ count: orders.length - ORDERS_SHOWN }));
  lines.push(t.bot.orderDetailsHint);
  return lines.join('\n').trim();
}

export function orderDetails(t: Catalog, locale: Locale, o: TOrderView, now = Date.now()): string {
  const line = (label: string, value: string) => `${h(label)}: <b>${value}</b>`;
  const lines = [`🧾 <b>#${o.id}</b>`, line(t.common.labels.status, statusBadge(t, o.display)), line(t.common.labels.date, h(formatDate(locale, o.createdAt)))];
  if (o.phoneNumber) lines.push(line(t.common.labels.phone, `<code>${h(o.phoneNumber)}</code>`));
  if (o.operatorName) lines.push(line(t.common.labels.operator, h(o.operatorName)));
  lines.push(line(t.common.labels.amount, h(usd(o.amount))), line(t.common.labels.fee, h(usd(o.serviceFee))), line(t.common.labels.total, h(usd(o.totalAmount))));
  if (o.cryptocurrency && o.cryptoAmount) lines.push(line(t.common.labels.payWith, `<code>${h(o.cryptoAmount)}</code> ${h(o.cryptocurrency)} (${h(coinName(o.cryptocurrency))})`));
  if (o.status === 'pending_crypto_payment' && o.walletAddress && Date.parse(o.expiresAt) > now) {
    lines.push('', t.bot.payTo, `<code>${h(o.walletAddress)}</code>`);
  }
  if (o.transactionId) lines.push(t.bot.transactionId({ id: o.transactionId }));
  return lines.join('\n');
}
