import { describe, expect, it } from 'vitest';
import { SigningKey } from 'ethers';
import { TronWeb, utils } from 'tronweb';
import { addressOfPublicKey, hexOf, wordOf } from './address';
import { addressOfName } from './double';
import { decodeTransaction, encodeRaw, signerOf, signTransaction, txIdOf, type TronRaw } from './transaction';

/** Tron transactions built here are byte for byte what tronweb (the reference library) builds from the same JSON, and sign the same. */

const KEY = new SigningKey(`0x${'11'.repeat(32)}`);
const OWNER = addressOfPublicKey(Uint8Array.from(Buffer.from(KEY.publicKey.slice(2), 'hex')));
const TO = addressOfName('treasury');
const USDT = addressOfName('USDT');
const base = { refBlockBytes: 'ab12', refBlockHash: '0123456789abcdef', expiration: 1_764_000_060_000, timestamp: 1_764_000_000_000 };

const transfer: TronRaw = { ...base, call: { type: 'TransferContract', owner: OWNER, to: TO, amount: 6_428_500n }, feeLimit: 0n };
const trigger: TronRaw = {
  ...base,
  call: { type: 'TriggerSmartContract', owner: OWNER, contract: USDT, data: `a9059cbb${wordOf(TO)}${12_345_678n.toString(16).padStart(64, '0')}` },
  feeLimit: 20_000_000n,
};

/** The same transaction as tronweb's JSON (the HTTP API's shape, addresses in hex). */
function json(raw: TronRaw) {
  const c = raw.call;
  const value =
    c.type === 'TransferContract'
      ? { owner_address: hexOf(c.owner), to_address: hexOf(c.to), amount: Number(c.amount) }
      : { owner_address: hexOf(c.owner), contract_address: hexOf(c.contract), data: c.data };
  return {
    visible: false,
    raw_data: {
      contract: [{ parameter: { value, type_url: `type.googleapis.com/protocol.${c.type}` }, type: c.type }],
      ref_block_bytes: raw.refBlockBytes,
      ref_block_hash: raw.refBlockHash,
      expiration: raw.expiration,
      timestamp: raw.timestamp,
      ...(raw.feeLimit ? { fee_limit: Number(raw.feeLimit) } : {}),
    },
  };
}

describe('Tron transactions', () => {
  it.each([
    ['a TRX transfer', transfer],
    ['a TRC-20 transfer', trigger],
  ])('%s: the raw bytes, the id and the signature are tronweb’s', (_, raw) => {
    const pb = utils.transaction.txJsonToPb(json(raw));
    expect(Buffer.from(encodeRaw(raw)).toString('hex')).toBe(utils.transaction.txPbToRawDataHex(pb).toLowerCase());
    const txID = txIdOf(encodeRaw(raw));
    expect(txID).toBe(utils.transaction.txPbToTxID(pb).replace(/^0x/, ''));
    const signed = signTransaction(raw, KEY);
    const reference = utils.crypto.signTransaction(KEY.privateKey.slice(2), { ...json(raw), txID }) as { signature: string[] };
    expect(decodeTransaction(signed.hex).signatures).toEqual(reference.signature.map((s) => s.toLowerCase()));
  });

  it('reads back what it signed: the call, the reference, the id, and the signer', () => {
    const signed = signTransaction(trigger, KEY);
    const back = decodeTransaction(signed.hex);
    expect(back.raw).toEqual(trigger);
    expect(back.txID).toBe(signed.txID);
    expect(signerOf(back.txID, back.signatures[0]!)).toBe(OWNER);
    expect(TronWeb.address.fromPrivateKey(KEY.privateKey.slice(2))).toBe(OWNER);
  });
});
