import { type Address, beginCell, type Cell } from '@ton/core';

/** The cells a payment on TON carries: the order's comment, and a jetton transfer that forwards it. */

/** A text comment (op 0 and the text), as wallets write one and the watcher reads it. */
export function textComment(text: string): Cell {
  return beginCell().storeUint(0, 32).storeStringTail(text).endCell();
}

/** TEP-74's `transfer` operation, sent to the sender's own jetton wallet. */
export const JETTON_TRANSFER_OP = 0x0f8a7ea5;

/**
 * The body of a TEP-74 jetton transfer: `amount` jetton units to `to`'s jetton wallet, the TON left over
 * sent back to `excessTo` (the payer). One nanoton is forwarded: without a forward amount the receiving
 * jetton wallet sends no transfer notification, and the notification is what carries the comment (the
 * forward payload, a text comment cell) to the receiving wallet, where the watcher reads it.
 */
export function jettonTransferBody(t: { amount: bigint; to: Address; excessTo: Address; comment: string | null; queryId?: bigint }): Cell {
  return beginCell()
    .storeUint(JETTON_TRANSFER_OP, 32)
    .storeUint(t.queryId ?? 0n, 64)
    .storeCoins(t.amount)
    .storeAddress(t.to)
    .storeAddress(t.excessTo)
    .storeBit(false) // no custom payload
    .storeCoins(1n)
    .storeMaybeRef(t.comment === null ? null : textComment(t.comment))
    .endCell();
}
