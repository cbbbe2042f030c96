/**
 * Links that open an order elsewhere ("share and come back"): its page on the site, and the mini-app
 * opened on it. Zod-free: the bot, the API's e-mails and the web clients build and read them here.
 */

/** The start parameter naming an order: `order_<paymentId>` (Telegram allows A-Z a-z 0-9 _ -, up to 64 characters here). */
const ORDER_START = /^order_(pay_[A-Za-z0-9]{16,40})$/;

export function orderStartParam(paymentId: string): string {
  return `order_${paymentId}`;
}

/**
 * The payment id a mini-app start parameter names, else null. The mini-app reads the parameter from
 * its launch parameters (`tgWebAppStartParam` in the page's query, also `start_param` in the init
 * data; @telegram-apps/sdk: `retrieveLaunchParams().tgWebAppStartParam`).
 */
export function paymentIdFromStartParam(startParam: string | null | undefined): string | null {
  return (startParam && ORDER_START.exec(startParam)?.[1]) || null;
}

/** The order's page on the site: `<site>/orders/<paymentId>`. */
export function orderPageUrl(siteUrl: string, paymentId: string): string {
  return `${siteUrl.replace(/\/+$/, '')}/orders/${encodeURIComponent(paymentId)}`;
}

/**
 * The mini-app opened on the order: its t.me link with `startapp=order_<paymentId>`. `miniAppLink` is
 * the bot's Main Mini App (`https://t.me/<bot>`, set up in @BotFather) or a Direct Link Mini App
 * (`https://t.me/<bot>/<app>`, made with /newapp); Telegram passes `startapp` to the mini-app as its
 * start parameter in both.
 */
export function miniAppOrderLink(miniAppLink: string, paymentId: string): string {
  const url = new URL(miniAppLink);
  url.searchParams.set('startapp', orderStartParam(paymentId));
  return url.toString();
}

/**
 * Whether the Telegram surfaces (the bot, the mini-app) show a payment on `network`: Telegram's rules
 * allow a bot with a mini app TON only, so they show only the networks of TELEGRAM_NETWORKS (null: all;
 * docs/ton.md). The API offers coins and tells orders in Telegram by it; the site opens an order in
 * Telegram only when Telegram can show how it is paid.
 */
export function telegramShows(telegramNetworks: readonly string[] | null, network: string): boolean {
  return telegramNetworks === null || telegramNetworks.includes(network);
}
