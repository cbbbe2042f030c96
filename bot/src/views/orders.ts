import {
  DISPLAY_ICONS,
  displayKey,
  dollarsToCents,
  formatDateTimeIn,
  formatUsdIn,
  type TOrderDisplay,
  type TOrderView,
  type Locale,
  type Catalog,
  escapeHtml as h,
} from '@topup/shared';

/** The order's display state (shared/src/order-display.ts): its icon and its label in the user's language. */
function statusBadge(t: Catalog, display: TOrderDisplay): string {
  const counted = display.state === 'confirming' && display.confirmations ? ` ${display.confirmations.n}/${display.confirmations.m}` : '';
  return `${DISPLAY_ICONS[display.state]} ${t.common.displayStates[displayKey(display)]}${counted}`;
}

/** The spec's date-time format (short month, numeric day and year, 2-digit time) in the user's language, UTC. */
function formatDate(locale: Locale, iso: string): string {
  return `${formatDateTimeIn(locale, iso, 'UTC')} UTC`;
}

const ORDERS_SHOWN = 10;

export function ordersList(t: Catalog, locale: Locale, orders: TOrderView[], botUsername: string): string {
  const usd = (dollars: number) => formatUsdIn(locale, dollarsToCents(dollars));
  const lines = [t.bot.ordersTitle, ''];
  for (const o of orders.slice(0, ORDERS_SHOWN)) {
    const link = `<a href="https://t.me/${h(botUsername)}?start=order_${o.id}">#${o.id}</a>`;
    const what = o.phoneNumber
      ? `${h(o.phoneNumber)}${o.operatorName ? ` · ${h(o.operatorName)}` : ''}`
      : t.bot.balanceTopupSummary({ total: usd(o.totalAmount) });
    lines.push(`${link} · ${statusBadge(t, o.display)}`, `${h(formatDate(locale, o.createdAt))} · ${what} · ${h(usd(o.amount))}`, '');
  }
  if (orders.length > ORDERS_SHOWN) lines.push(t.bot.ordersMore({ count: orders.length - ORDERS_SHOWN }));
  lines.push(t.bot.orderDetailsHint);
  return lines.join('\n').trim();
}
