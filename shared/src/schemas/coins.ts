import { z } from 'zod';
import { ZUsd } from './common';
import { ZCoinSymbol, ZOfferedCoin } from './pricing';

/**
 * A network a coin can be paid on, as the "coin, then network" choice shows it: the coin offered
 * (what the order names in `cryptoCurrency` / `currency`), the typical network fee of one transfer of
 * it and how long a payment takes to count.
 */
export const ZPaymentNetworkOption = ZOfferedCoin.extend({
  /**
   * What one transfer of this coin typically costs in network fees, from the node's fee data and the
   * network coin's price, rounded up to the cent (a fee under a cent shows as $0.01): dollars on the
   * wire, cents in code. Null while unknown (not estimated yet, the node or the price unavailable).
   */
  typicalFee: ZUsd.nullable(),
  /** When the fee was estimated (estimates are refreshed at most once a minute). */
  feeUpdatedAt: z.string().nullable(),
  /** `timeToCount` as a typical number of seconds. */
  timeToCountSeconds: z.number().int(),
});
export type TPaymentNetworkOption = z.infer<typeof ZPaymentNetworkOption>;

/** An asset (USDT, USDC, ETH, BNB, POL) and the networks it is offered on, cheapest first. */
export const ZPaymentAsset = z.object({
  asset: z.string(),
  name: z.string(),
  networks: z.array(ZPaymentNetworkOption).min(1),
});
export type TPaymentAsset = z.infer<typeof ZPaymentAsset>;

/**
 * GET /api/payment-options: choose the coin, then the network. Assets in the registry's order (an asset
 * with no network offered is absent); `defaultCoin` is the coin preselected, as GET /api/coins says.
 */
export const ZPaymentOptionsResponse = z.object({
  assets: z.array(ZPaymentAsset),
  defaultCoin: ZCoinSymbol.nullable(),
});
export type TPaymentOptionsResponse = z.infer<typeof ZPaymentOptionsResponse>;

/** Links that open a wallet with the payment filled in (shared/src/wallet-links.ts builds them). */
export const ZWalletLinks = z.object({
  /** EIP-681: the QR code's payload, and the link for any wallet registered for `ethereum:`. */
  eip681: z.string(),
  metamask: z.string(),
  /** Null where Trust Wallet does not know the network (the devnet). */
  trust: z.string().nullable(),
});
export type TWalletLinks = z.infer<typeof ZWalletLinks>;
