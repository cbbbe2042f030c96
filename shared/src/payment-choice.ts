import { formatUsd } from './money';
import type { TPaymentAsset, TPaymentNetworkOption, TPaymentOptionsResponse } from './schemas/coins';

/**
 * Choosing how to pay, coin first, then network: one set of rules and labels for every client (the
 * site's /recharge and /app, the mini-app, the bot). GET /api/payment-options groups the coins by asset
 * and lists each asset's networks cheapest first; the clients keep that order and say it with these
 * functions. What is chosen is a coin's `symbol`, which the order names. Zod-free: the web app loads it
 * with its coin screen.
 *
 * - Choosing an asset chooses its cheapest network (its first); the customer may take another.
 * - An asset offered on one network asks nothing more: choosing it chooses that network, which is shown
 *   (with its fee and time) as chosen. The bot skips the network question; the web shows the one row,
 *   checked.
 * - The coin preselected is the server's default coin's asset, on that asset's cheapest network.
 */

/** The words of the choice in one language: the web's are these English ones, the bot's per locale. */
export interface PaymentChoiceWords {
  /** US cents as the language writes dollars ("$0.01", "0,01 $US"). */
  usd(cents: number): string;
  /** The typical network fee of one transfer, e.g. "≈ $0.01 network fee". */
  fee(amount: string): string;
  /** The fee while the server cannot estimate it. */
  feeUnknown: string;
  underAMinute: string;
  aboutMinutes(minutes: number): string;
}

export const PAYMENT_CHOICE_WORDS: PaymentChoiceWords = {
  usd: formatUsd,
  fee: (amount) => `≈ ${amount} network fee`,
  feeUnknown: 'network fee unknown',
  underAMinute: 'under a minute',
  aboutMinutes: (minutes) => (minutes === 1 ? 'about a minute' : `about ${minutes} minutes`),
};

/** The typical fee (US cents, null while unknown), e.g. "≈ $0.01 network fee". */
export function feeText(typicalFee: number | null, words: PaymentChoiceWords = PAYMENT_CHOICE_WORDS): string {
  return typicalFee === null ? words.feeUnknown : words.fee(words.usd(typicalFee));
}

/** How long a payment takes to count, from the network's typical seconds. */
export function countText(seconds: number, words: PaymentChoiceWords = PAYMENT_CHOICE_WORDS): string {
  return seconds <= 60 ? words.underAMinute : words.aboutMinutes(Math.round(seconds / 60));
}

/** One network in a line: "Polygon · ≈ $0.01 network fee · under a minute". */
export function networkSummary(
  option: Pick<TPaymentNetworkOption, 'networkLabel' | 'typicalFee' | 'timeToCountSeconds'>,
  words: PaymentChoiceWords = PAYMENT_CHOICE_WORDS,
): string {
  return `${option.networkLabel} · ${feeText(option.typicalFee, words)} · ${countText(option.timeToCountSeconds, words)}`;
}

/**
 * A coin and its network in words ("USDT on Polygon"), from what the API says of it: the coin's asset
 * among the payment options and its network's label, so a coin the registry adds is named without a
 * client's change. A coin not offered now (or before the options arrive) is named by its symbol.
 */
export function coinInWords(
  options: TPaymentOptionsResponse | undefined,
  coin: { symbol: string; networkLabel: string },
  words: (p: { coin: string; network: string }) => string,
): string {
  return words({ coin: (options && assetOf(options, coin.symbol)?.asset) ?? coin.symbol, network: coin.networkLabel });
}

/** The asset a coin belongs to, among the options (undefined: the coin is not offered now). */
export function assetOf(options: TPaymentOptionsResponse, symbol: string | null): TPaymentAsset | undefined {
  return symbol === null ? undefined : options.assets.find((a) => a.networks.some((n) => n.symbol === symbol));
}

/** The offered coin of a symbol, with its network, fee and time. */
export function networkOf(options: TPaymentOptionsResponse, symbol: string | null): TPaymentNetworkOption | undefined {
  return assetOf(options, symbol)?.networks.find((n) => n.symbol === symbol);
}

/** Whether the customer is asked the network: only for an asset offered on more than one. */
export const asksNetwork = (asset: { networks: readonly unknown[] }): boolean => asset.networks.length > 1;

/**
 * The coin chosen when the customer picks `asset`: the coin already chosen if it is of that asset
 * (picking the same coin again keeps its network), else the asset's cheapest network.
 */
export function chooseAsset(asset: { networks: readonly { symbol: string }[] }, selected: string | null): string {
  return asset.networks.find((n) => n.symbol === selected)?.symbol ?? asset.networks[0]!.symbol;
}

/** The coin preselected: the server's default coin's asset, on its cheapest network; null when nothing is offered. */
export function preselectedCoin(options: TPaymentOptionsResponse): string | null {
  const asset = assetOf(options, options.defaultCoin) ?? options.assets[0];
  return asset ? chooseAsset(asset, null) : null;
}
