import { Address, type Cell, toNano } from '@ton/core';
import type { WalletLinks, WalletTransaction } from '@topup/shared';
import type { TonCenterClient } from './api';
import { jettonTransferBody, textComment } from './cells';
import { jettonWalletOf } from './jetton';

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
 * Telegram's rules allow a mini app and its bot to name. Every TON payment can also be sent from a wallet
 * connected through TON Connect (`tonConnect`): its transaction is tonWalletTransaction's.
 */
export function tonWalletLinks(p: TonPayment): WalletLinks {
  const query = new URLSearchParams({ amount: p.units.toString() });
  if (p.jettonMaster) query.set('jetton', p.jettonMaster);
  if (p.comment) query.set('text', p.comment);
  const path = `transfer/${p.address}?${query.toString().replace(/\+/g, '%20')}`;
  return {
    uri: `ton://${path}`,
    apps: p.realNetwork ? [{ id: 'tonkeeper', name: 'Tonkeeper', url: `https://app.tonkeeper.com/${path}` }] : [],
    tonConnect: true,
  };
}

/**
 * TON attached to a jetton transfer: the payer's jetton wallet, the receiving one (deployed by the first
 * transfer to it) and the notification spend less; the rest comes back to the payer as excess.
 */
const JETTON_TRANSFER_TON = toNano('0.05');

/**
 * The TON Connect transaction that pays `p` from `payer`'s wallet. Toncoin: one message to the receiving
 * address with the amount and the comment. A jetton: one message to the payer's own jetton wallet of the
 * master (which the master answers), carrying a TEP-74 transfer to the receiving address with the comment
 * as its forward payload, and TON for the fees. Bounceable: to a jetton wallet that does not exist (the
 * payer never held the jetton), the TON comes back.
 */
export async function tonWalletTransaction(client: TonCenterClient, p: TonPayment, payer: Address): Promise<WalletTransaction> {
  if (!p.jettonMaster) {
    const payload = p.comment === null ? {} : { payload: boc(textComment(p.comment)) };
    return { messages: [{ address: p.address, amount: p.units.toString(), ...payload }] };
  }
  const jettonWallet = await jettonWalletOf(client, p.jettonMaster, payer.toString());
  const body = jettonTransferBody({ amount: p.units, to: Address.parse(p.address), excessTo: payer, comment: p.comment });
  return { messages: [{ address: jettonWallet.toString({ bounceable: true }), amount: JETTON_TRANSFER_TON.toString(), payload: boc(body) }] };
}

function boc(cell: Cell): string {
  return cell.toBoc().toString('base64');
}
