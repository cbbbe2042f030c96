/**
 * Links that open a wallet with the payment filled in. Each chain family's adapter in the API builds
 * them (EIP-681 for EVM networks, `ton://transfer` for TON, …) and puts them in its payment answers;
 * clients only show them.
 */

/** A wallet app with a payment link of its own ("Open in MetaMask"). */
export interface WalletAppLink {
  /** Stable id of the app ('metamask', 'trust', 'tonkeeper'). */
  id: string;
  /** The name the button shows. */
  name: string;
  url: string;
}

export interface WalletLinks {
  /** The network's payment URI: the QR code's payload, and the link for any wallet registered for its scheme. */
  uri: string;
  /** The wallets with a link of their own, in the order every client offers them. */
  apps: WalletAppLink[];
  /** EVM's links under the names of the first API, for clients that read them: the EIP-681 link (`uri`) … */
  eip681?: string;
  /** … MetaMask's … */
  metamask?: string;
  /** … and Trust Wallet's, null where it does not know the network. */
  trust?: string | null;
  /**
   * TON only: the order can be paid from a wallet connected through TON Connect. Its transaction is
   * asked of the API once the wallet is connected (POST /api/orders/:ref/wallet-transaction with the
   * wallet's address): a jetton is sent through the payer's own jetton wallet, known only then.
   */
  tonConnect?: true;
}

/** One message of a transaction a connected wallet is asked to send (TON Connect's `sendTransaction` message). */
export interface WalletMessage {
  address: string;
  /** Base units of the network's native coin attached to the message. */
  amount: string;
  /** The message body, a base64 bag of cells. */
  payload?: string;
}

/** The transaction that pays an order from the payer's connected wallet, as the chain family built it. */
export interface WalletTransaction {
  messages: WalletMessage[];
}
