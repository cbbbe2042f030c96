import { Address, Cell, type Slice } from '@ton/core';
import type { TonTransaction } from './api';

/** TEP-74: the message a jetton wallet sends its owner when it has received jettons. */
export const TRANSFER_NOTIFICATION = 0x7362d09c;
/** A text comment's prefix: 32 zero bits, then UTF-8 (TON's "Comments" convention). */
const TEXT_COMMENT = 0;

/** What an incoming transaction of the receiving wallet brought: Toncoin, or jettons as their wallet notified them. */
export interface IncomingTransfer {
  /** The jetton wallet that sent the notification (raw form); null for Toncoin. */
  jettonWallet: string | null;
  /** Base units: nanotons, or the jetton's units. */
  amount: bigint;
  /** The payer: the sender of the Toncoin, or the owner of the jettons sent (as the notification says). */
  from: string | null;
  /** The text comment (for jettons, the transfer's forward payload); null when it carries none. */
  comment: string | null;
}

/**
 * The transfer an incoming transaction brought, or null when it brought none a customer could have
 * sent: an external message (our own wallet's outgoing transfer), a message bounced back to us, a
 * message with another operation (a jetton's `excesses`, say), or Toncoin that went back (a bounceable
 * message whose transaction failed bounces its value to the sender; a non-bounceable one leaves it
 * with us even then). A plain transfer (empty body or a text comment) is Toncoin. A transfer
 * notification is jettons, whose jetton wallet the caller checks against the configured jetton master:
 * its transaction on our wallet often fails for want of gas (wallets forward a nanoton with it), which
 * undoes nothing, since the jettons are already in our jetton wallet when it notifies us.
 */
export function incomingTransfer(tx: TonTransaction): IncomingTransfer | null {
  const msg = tx.in_msg;
  if (!msg?.source || msg.bounced) return null;
  const body = msg.message_content?.body ? Cell.fromBase64(msg.message_content.body).beginParse() : null;
  const from = friendly(msg.source);
  const toncoin = (comment: string | null): IncomingTransfer | null =>
    tx.description.aborted && msg.bounce ? null : { jettonWallet: null, amount: BigInt(msg.value ?? '0'), from, comment };
  if (!body || (body.remainingBits < 32 && body.remainingRefs === 0)) return toncoin(null);
  const op = body.loadUint(32);
  if (op === TEXT_COMMENT) return toncoin(textOf(body));
  if (op !== TRANSFER_NOTIFICATION) return null;
  body.skip(64); // query_id
  const amount = body.loadCoins();
  const sender = body.loadMaybeAddress();
  const payload = body.remainingBits > 0 && body.loadBit() ? body.loadRef().beginParse() : body;
  return { jettonWallet: msg.source, amount, from: sender ? sender.toString({ bounceable: false }) : null, comment: commentOf(payload) };
}

/** A forward payload's text comment, if it is one. */
function commentOf(payload: Slice): string | null {
  if (payload.remainingBits < 32 || payload.loadUint(32) !== TEXT_COMMENT) return null;
  return textOf(payload);
}

function textOf(s: Slice): string | null {
  try {
    return s.loadStringTail().trim() || null;
  } catch {
    return null;
  }
}

function friendly(raw: string): string {
  try {
    return Address.parse(raw).toString({ bounceable: false });
  } catch {
    return raw;
  }
}

/** Whether two addresses (any form: raw, bounceable, not) are the same account. */
export function sameAddress(a: string, b: string): boolean {
  try {
    return Address.parse(a).equals(Address.parse(b));
  } catch {
    return false;
  }
}
