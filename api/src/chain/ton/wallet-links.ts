import { beginCell } from '@ton/core';
import type { WalletLinks } from '@topup/shared';

export interface TonPayment {
  address: string;
  /** The jetton's master; null for Toncoin. */
  jettonMaster: string | null;
  /** Base units: nanotons, or the jetton's units. */
  units: bigint;
  /** The order's comment, which the payment must carry. */
  comment: string | null;
  /** False on the TON double: no wallet knows it, so no wallet button is offered (the QR code keeps the link's form). */
  realNetwork: boolean;
}

/**
 * TON's payment link (ton-connect's and Tonkeeper's documented deeplink, which Telegram's wallet and
 * other TON wallets open): `ton://transfer/<address>?amount=<base units>&text=<comment>`, with
 * `jetton=<master>` for a jetton (the amount then in the jetton's units). It is the QR code's payload.
 * Tonkeeper's universal link (https://app.tonkeeper.com/transfer/…, same parameters) opens the same
 * screen from a browser or the bot's button; both are TON wallets built on TON Connect, which is all
 * Telegram's rules allow a mini app and its bot to name. For Toncoin, the same payment as a TON Connect
 * transaction: one message to the address with the amount and the comment as its payload (a text
 * comment cell); a jetton's transfer goes through the payer's own jetton wallet, so it has none here.
 */
export function tonWalletLinks(p: TonPayment): WalletLinks {
  const query = new URLSearchParams({ amount: p.units.toString() });
  if (p.jettonMaster) query.set('jetton', p.jettonMaster);
  if (p.comment) query.set('text', p.comment);
  const path = `transfer/${p.address}?${query.toString().replace(/\+/g, '%20')}`;
  const payload = p.comment ? beginCell().storeUint(0, 32).storeStringTail(p.comment).endCell().toBoc().toString('base64') : undefined;
  return {
    uri: `ton://${path}`,
    apps: p.realNetwork ? [{ id: 'tonkeeper', name: 'Tonkeeper', url: `https://app.tonkeeper.com/${path}` }] : [],
    ...(p.jettonMaster ? {} : { tonConnect: { messages: [{ address: p.address, amount: p.units.toString(), ...(payload ? { payload } : {}) }] } }),
  };
}
