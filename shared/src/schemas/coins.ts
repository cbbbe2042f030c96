import { z } from 'zod';
import { ZUsd } from './common';
import type { WalletLinks, WalletTransaction } from '../wallet-links';
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

/** Links that open a wallet with the payment filled in (each chain family's adapter builds them). */
export const ZWalletLinks = z.object({
  /** The payment URI (EIP-681 `ethereum:`, `ton://transfer`, …): the QR code's payload, and the link for any wallet registered for its scheme. */
  uri: z.string(),
  /** Wallets with a payment link of their own, in the order to offer them. */
  apps: z.array(z.object({ id: z.string(), name: z.string(), url: z.string() })),
  /** EVM networks only, the names of the first API: the EIP-681 link (as `uri`), MetaMask's and Trust Wallet's (null where it does not know the network). */
  eip681: z.string().optional(),
  metamask: z.string().optional(),
  trust: z.string().nullable().optional(),
  /** TON only: payable from a wallet connected through TON Connect (its transaction: ZWalletTransaction). */
  tonConnect: z.literal(true).optional(),
}) satisfies z.ZodType<WalletLinks>;
export type TWalletLinks = z.infer<typeof ZWalletLinks>;

/** POST /api/orders/:ref/wallet-transaction: the address of the wallet the customer connected, which will pay. */
export const ZWalletTransactionRequest = z.object({ payer: z.string().trim().min(1).max(200) });

/** Its answer: the transaction the connected wallet is asked to send (what remains to pay, with the order's memo). */
export const ZWalletTransaction = z.object({
  messages: z.array(z.object({ address: z.string(), amount: z.string().regex(/^\d+$/), payload: z.string().optional() })).min(1),
}) satisfies z.ZodType<WalletTransaction>;
export type TWalletTransaction = z.infer<typeof ZWalletTransaction>;

/**
 * What a payment must carry to be attributed to its order where the address is the operator's, shared
 * by many orders (a TON comment); absent or null where the address is the order's own.
 */
export const ZDepositMemo = z.string().nullable().optional();
