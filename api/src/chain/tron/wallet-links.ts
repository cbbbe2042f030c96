import { formatUnits } from '@topup/shared';

/** SLIP-44's coin type for Tron, which Trust Wallet's asset ids use. */
const TRON_COIN = 195;

export interface TronPayment {
  address: string;
  /** The TRC-20 contract (base58); null for TRX. */
  tokenContract: string | null;
  units: bigint;
  decimals: number;
  /** False on the Tron double: no wallet knows it, so no wallet button is offered (the QR code keeps the link's form). */
  realNetwork: boolean;
}

/**
 * Tron has no payment URI standard (no EIP-681 of its own; TronLink's deeplink only opens a DApp page).
 * The link is Trust Wallet's documented "Send Payment" deeplink (developer.trustwallet.com, "Deep
 * Linking"): `https://link.trustwallet.com/send?asset=c195_t<contract>&address=<recipient>&amount=<amount>`
 * (`c195` for TRX), the asset in its Universal Asset ID format, the amount in whole coins. It opens
 * Trust Wallet's send screen filled in, or its download page; it is also the QR code's payload, which a
 * phone's camera opens the same way. Any other wallet pays to the address and amount shown beside the
 * code (with Copy). On the double no wallet can pay (Trust Wallet knows only the real network), so
 * the link stays the QR code's payload and no wallet button is offered, as on the EVM devnet.
 */
export function tronWalletLinks(p: TronPayment): { uri: string; apps: { id: string; name: string; url: string }[] } {
  const asset = p.tokenContract ? `c${TRON_COIN}_t${p.tokenContract}` : `c${TRON_COIN}`;
  const trust = `https://link.trustwallet.com/send?asset=${asset}&address=${p.address}&amount=${formatUnits(p.units, p.decimals)}`;
  return { uri: trust, apps: p.realNetwork ? [{ id: 'trust', name: 'Trust Wallet', url: trust }] : [] };
}
