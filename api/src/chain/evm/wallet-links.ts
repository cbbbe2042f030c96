import { formatUnits, type WalletLinks } from '@topup/shared';

/**
 * Links that open a wallet with the payment filled in: the EIP-681 payment link (the QR code, and any
 * wallet registered for `ethereum:` links) and the links of the wallets most used on phones that have
 * a scheme of their own. The EVM adapter puts them in the API's payment answers.
 */

/** An EVM payment: who is paid, on which chain, in what and how much. */
export interface WalletPayment {
  chainId: number;
  /** The token's ERC-20 contract; null for the network's native coin. */
  tokenContract: string | null;
  /** The recipient (the order's deposit address). */
  address: string;
  /** The amount in base units. */
  units: bigint;
  decimals: number;
  /** Trust Wallet's id of the network (TNetworkSpec.trustWalletCoin); null where Trust Wallet has none (a devnet). */
  trustWalletCoin: number | null;
}

/**
 * The wallets with a payment link of their own, in the order every client offers them, and the names
 * they are offered by ("Open in MetaMask"). Coinbase Wallet is not among them: see coinbaseWalletLink.
 */
const WALLET_APPS = [
  { id: 'metamask', name: 'MetaMask', link: metamaskLink },
  { id: 'trust', name: 'Trust Wallet', link: trustWalletLink },
] as const;

/**
 * EIP-681 (eips.ethereum.org/EIPS/eip-681): `ethereum:<recipient>@<chainId>?value=<wei>` for the native
 * coin, `ethereum:<token>@<chainId>/transfer?address=<recipient>&uint256=<units>` for a token. The amount
 * is the plain integer of base units, every digit: wallets that read it with eth-url-parser (MetaMask)
 * get an exponent form back for 10^21 and more and turn it into the amount with bignumber.js, exact only
 * while every digit is there; Trust Wallet reads a plain integer.
 */
export function eip681Link(p: WalletPayment): string {
  return `ethereum:${eip681Body(p)}`;
}

function eip681Body(p: WalletPayment): string {
  if (p.tokenContract) return `${p.tokenContract}@${p.chainId}/transfer?address=${p.address}&uint256=${p.units}`;
  return `${p.address}@${p.chainId}?value=${p.units}`;
}

/**
 * MetaMask mobile's documented deeplinks (docs.metamask.io, "Use deeplinks"): "Send native currency"
 * `https://link.metamask.io/send/{recipient}@{chainId}?value=…` and "Send an ERC-20 token"
 * `https://link.metamask.io/send/{contractAddress}@{chainId}/transfer?address=…&uint256=…`, amounts in
 * base units: the EIP-681 link with MetaMask's prefix instead of `ethereum:`. (metamask.app.link is
 * the older domain of the same links.)
 */
export function metamaskLink(p: WalletPayment): string {
  return `https://link.metamask.io/send/${eip681Body(p)}`;
}

/**
 * Trust Wallet's documented "Send Payment" deeplink (developer.trustwallet.com, "Deep Linking"):
 * `https://link.trustwallet.com/send?asset=<UAI>&address=<recipient>&amount=<amount>`, the asset in its
 * Universal Asset ID format (`c<coin>` for a network's coin, `c<coin>_t<contract>` for a token, the coin
 * ids of wallet-core's registry) and the amount in whole coins, as decimal text.
 */
export function trustWalletLink(p: WalletPayment): string | null {
  if (p.trustWalletCoin === null) return null;
  const asset = p.tokenContract ? `c${p.trustWalletCoin}_t${p.tokenContract}` : `c${p.trustWalletCoin}`;
  return `https://link.trustwallet.com/send?asset=${asset}&address=${p.address}&amount=${formatUnits(p.units, p.decimals)}`;
}

/**
 * Coinbase Wallet documents no payment link: its one deeplink (docs.cdp.coinbase.com, "Mobile dapp
 * integration": `https://go.cb-w.com/dapp?cb_url=<percent-encoded URL>`) opens a web page in the wallet's
 * own browser, where the page can ask for the transfer through the wallet's injected provider. A client
 * with such a page links to it with this; the payment itself is then the page's.
 */
export function coinbaseWalletLink(pageUrl: string): string {
  return `https://go.cb-w.com/dapp?cb_url=${encodeURIComponent(pageUrl)}`;
}

/** Every link for one payment: the EIP-681 link as the URI, the wallets' own, and the first API's names of them. */
export function walletLinks(p: WalletPayment): WalletLinks {
  const apps = WALLET_APPS.flatMap(({ id, name, link }) => {
    const url = link(p);
    return url ? [{ id, name, url }] : [];
  });
  const eip681 = eip681Link(p);
  return { uri: eip681, apps, eip681, metamask: metamaskLink(p), trust: trustWalletLink(p) };
}
