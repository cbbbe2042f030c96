import { InlineKeyboard, Keyboard } from 'grammy';
import { CATALOGS, LOCALE_CODES, miniAppOrderLink, orderPageUrl, type Catalog, type TWalletLinks } from '@topup/shared';
import { CB, STEP } from './callbacks';

function grid(buttons: { label: string; data: string }[], perRow: number): InlineKeyboard {
  const kb = new InlineKeyboard();
  buttons.forEach((b, i) => {
    if (i > 0 && i % perRow === 0) kb.row();
    kb.text(b.label, b.data);
  });
  return kb;
}

export function welcomeKeyboard(t: Catalog, webAppUrl: string | null): InlineKeyboard {
  const kb = new InlineKeyboard();
  if (webAppUrl) kb.webApp(t.bot.btnOpenApp, webAppUrl).row();
  return kb.text(t.bot.btnRechargeInChat, CB.recharge.data);
}

/** Under the input at the phone step: shares the user's own number (a contact), for a top-up of their own phone. */
export function shareContactKeyboard(t: Catalog): Keyboard {
  return new Keyboard().requestContact(t.bot.btnShareContact).oneTime().resized();
}

export function rechargeKeyboard(label: string): InlineKeyboard {
  return new InlineKeyboard().text(label, CB.recharge.data);
}

export function languageKeyboard(): InlineKeyboard {
  const flags: Record<string, string> = { en: '🇬🇧', fr: '🇫🇷', es: '🇪🇸', pt: '🇧🇷' };
  return grid(
    LOCALE_CODES.map((code) => ({ label: `${flags[code] ?? ''} ${CATALOGS[code].common.languageName}`.trim(), data: CB.language.data(code) })),
    2,
  );
}

export function countryKeyboard(countries: { code: string; label: string }[]): InlineKeyboard {
  return grid(
    countries.map((c) => ({ label: c.label, data: STEP.data('country', c.code) })),
    2,
  );
}

export function operatorKeyboard(operators: { operatorId: number; name: string }[]): InlineKeyboard {
  return grid(
    operators.map((o) => ({ label: o.name, data: STEP.data('operator', o.operatorId) })),
    1,
  );
}

export function amountKeyboard(amounts: { cents: number; label: string }[]): InlineKeyboard {
  return grid(
    amounts.map((a) => ({ label: a.label, data: STEP.data('amount', a.cents) })),
    2,
  );
}

/** The coins (assets) the API offers (GET /api/payment-options), by name: USDT, USDC, ETH, BNB, POL. */
export function coinKeyboard(assets: { asset: string; name: string }[]): InlineKeyboard {
  return grid(
    assets.map((a) => ({ label: a.name, data: STEP.data('coin', a.asset) })),
    2,
  );
}

/** The networks of the coin chosen, cheapest first, one a row (a label carries the network and its fee). */
export function networkKeyboard(networks: { symbol: string; label: string }[]): InlineKeyboard {
  return grid(
    networks.map((n) => ({ label: n.label, data: STEP.data('network', n.symbol) })),
    1,
  );
}

/** A step's keyboard with its Back button on a row of its own (back to the step before). */
export function withBack(kb: InlineKeyboard, t: Catalog, step: string): InlineKeyboard {
  return kb.row().text(t.bot.btnBack, STEP.back(step));
}

/** Confirm; pay from the balance when it is enough (its amount on the button); edit; cancel. */
export function reviewKeyboard(t: Catalog, balance: string | null = null): InlineKeyboard {
  const kb = new InlineKeyboard().text(t.bot.btnConfirm, STEP.data('review', 'confirm')).row();
  if (balance) kb.text(t.bot.btnPayFromBalance({ balance }), STEP.data('review', 'balance')).row();
  return kb.text(t.bot.btnEdit, STEP.data('review', 'edit')).text(t.bot.btnCancel, STEP.data('review', 'cancel'));
}

/** A balance top-up's review: nothing to edit but its two steps, so Confirm or Cancel. */
export function topupReviewKeyboard(t: Catalog): InlineKeyboard {
  return new InlineKeyboard().text(t.bot.btnConfirm, STEP.data('review', 'confirm')).text(t.bot.btnCancel, STEP.data('review', 'cancel'));
}

/** Under the balance (/balance, an order's "My balance"): add to it. */
export function balanceKeyboard(t: Catalog): InlineKeyboard {
  return new InlineKeyboard().text(t.bot.btnAddBalance, CB.addBalance.data);
}

export function editKeyboard(t: Catalog): InlineKeyboard {
  return new InlineKeyboard()
    .text(t.bot.btnEditCountry, STEP.data('edit', 'country'))
    .text(t.bot.btnEditOperator, STEP.data('edit', 'operator'))
    .row()
    .text(t.bot.btnEditAmount, STEP.data('edit', 'amount'))
    .text(t.bot.btnEditPhone, STEP.data('edit', 'phone'))
    .row()
    .text(t.bot.btnEditCoin, STEP.data('edit', 'coin'))
    .text(t.bot.btnBackToReview, STEP.data('edit', 'back'));
}

/**
 * Where an order can be opened besides the chat ("share and come back"): the mini-app on the order
 * (MINI_APP_LINK with startapp=order_<paymentId>) and its page on the site (PUBLIC_URL/orders/<paymentId>).
 * Null where not configured: the button is left out.
 */
export interface OrderLinks {
  miniApp: string | null;
  site: string | null;
}
export const NO_ORDER_LINKS: OrderLinks = { miniApp: null, site: null };

/** The order's links, as URL buttons on a row of their own. */
export function withOrderLinks(kb: InlineKeyboard, t: Catalog, links: OrderLinks, paymentId: string): InlineKeyboard {
  if (!links.miniApp && !links.site) return kb;
  kb.row();
  if (links.miniApp) kb.url(t.common.share.openInApp, miniAppOrderLink(links.miniApp, paymentId));
  if (links.site) kb.url(t.common.share.openOnSite, orderPageUrl(links.site, paymentId));
  return kb;
}

/**
 * An unpaid payment's buttons: one per wallet that has a payment link, opening it with the payment
 * filled in, then Cancel, then the order's links. Telegram takes only HTTP(S) and tg:// links for a URL
 * button, so the EIP-681 `ethereum:` link stays with the QR code; the wallets' own links are https.
 */
export function pendingPaymentKeyboard(
  t: Catalog,
  payment: { orderId: number; paymentId: string; walletLinks: TWalletLinks | null },
  links: OrderLinks,
): InlineKeyboard {
  const kb = walletButtons(new InlineKeyboard(), t, payment.walletLinks);
  kb.text(t.bot.btnCheckPayment, CB.checkPayment.data(payment.orderId)).row();
  return withOrderLinks(kb.text(t.bot.btnCancelPayment, CB.cancelPayment.data(payment.paymentId)), t, links, payment.paymentId);
}

/** One button a row per wallet that has an https payment link (the amount to send filled in). */
export function walletButtons(kb: InlineKeyboard, t: Catalog, walletLinks: TWalletLinks | null): InlineKeyboard {
  for (const { name, url } of walletLinks?.apps ?? []) {
    if (url.startsWith('https://')) kb.url(t.bot.btnOpenIn({ wallet: name }), url).row();
  }
  return kb;
}

export function expiredKeyboard(t: Catalog, p: { orderId: number; paymentId: string }, links: OrderLinks): InlineKeyboard {
  return withOrderLinks(new InlineKeyboard().text(t.bot.btnNewPayment, CB.newPayment.data(p.orderId)), t, links, p.paymentId);
}

/** After the order ended (completed, failed, cancelled): a new recharge, and the order's links. */
export function endedOrderKeyboard(t: Catalog, paymentId: string, links: OrderLinks): InlineKeyboard {
  return withOrderLinks(rechargeKeyboard(t.bot.btnNewRecharge), t, links, paymentId);
}
