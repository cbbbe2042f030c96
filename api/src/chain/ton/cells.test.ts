import { Address, Cell } from '@ton/core';
import { describe, expect, it } from 'vitest';
import { JETTON_TRANSFER_OP, jettonTransferBody, textComment } from './cells';

const RECEIVING = Address.parse('UQCSX3r5VEjNtLOanhktzDZTitbXiS_inIQiqF4Apugniy-b');
const PAYER = Address.parse('EQB4FQRn1mGOQCOn65zv9ePEcYvcW_mT-RmjQkI5KIS-JQUW');

/** The body read back field by field as TEP-74's `transfer` message, from its bag of cells (as a wallet gets it). */
function readTransfer(boc: string) {
  const s = Cell.fromBase64(boc).beginParse();
  const transfer = {
    op: s.loadUint(32),
    queryId: s.loadUintBig(64),
    amount: s.loadCoins(),
    destination: s.loadAddress(),
    responseDestination: s.loadAddress(),
    customPayload: s.loadMaybeRef(),
    forwardTonAmount: s.loadCoins(),
  };
  // forward_payload:(Either Cell ^Cell)
  const payload = s.loadBit() ? s.loadRef().beginParse() : s;
  return { ...transfer, forward: { op: payload.loadUint(32), text: payload.loadStringTail() } };
}

describe('a TEP-74 jetton transfer carrying the order’s comment', () => {
  it('reads back as a transfer to the receiving wallet, excess to the payer, a nanoton forwarded with the comment', () => {
    const body = jettonTransferBody({ amount: 11_000_000n, to: RECEIVING, excessTo: PAYER, comment: 'topup-42' });
    const got = readTransfer(body.toBoc().toString('base64'));
    expect(got).toMatchObject({ op: JETTON_TRANSFER_OP, queryId: 0n, amount: 11_000_000n, customPayload: null, forward: { op: 0, text: 'topup-42' } });
    expect(JETTON_TRANSFER_OP).toBe(0x0f8a7ea5);
    expect(got.destination.equals(RECEIVING)).toBe(true);
    expect(got.responseDestination.equals(PAYER)).toBe(true);
    // Without a forward amount the receiving jetton wallet sends no notification, and the comment never arrives.
    expect(got.forwardTonAmount).toBeGreaterThanOrEqual(1n);
  });

  it('a comment is a text comment cell: op 0, then the text', () => {
    const s = textComment('topup-7').beginParse();
    expect([s.loadUint(32), s.loadStringTail()]).toEqual([0, 'topup-7']);
  });
});
