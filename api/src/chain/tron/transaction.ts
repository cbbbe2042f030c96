import { getBytes, hexlify, sha256, Signature, SigningKey } from 'ethers';
import { addressOfPublicKey, base58Of, hexOf } from './address';
import type { TronBlock } from './api';

/**
 * Tron transactions built and signed locally, as Tron's protocol defines them (core/Tron.proto:
 * Transaction, Transaction.raw, Transaction.Contract; core/contract: TransferContract,
 * TriggerSmartContract): the raw data in protobuf, its id the SHA-256 of those bytes, signed with
 * secp256k1 over the id (65 bytes: r, s, then 27 or 28). The same codec reads a signed transaction
 * back (the double does, to check and apply what it is sent). Only the two contracts a sweep uses.
 */

export type TronCall =
  /** TRX: `amount` in sun. Addresses base58. */
  | { type: 'TransferContract'; owner: string; to: string; amount: bigint }
  /** A contract call (a TRC-20 transfer): `data` the ABI-encoded call in hex, no 0x. */
  | { type: 'TriggerSmartContract'; owner: string; contract: string; data: string };

export interface TronRaw {
  call: TronCall;
  /** Bytes 6–7 of the reference block's height and bytes 8–15 of its id, in hex (TaPoS: the chain it is valid on). */
  refBlockBytes: string;
  refBlockHash: string;
  /** Milliseconds: the network drops the transaction after this. */
  expiration: number;
  timestamp: number;
  /** Most TRX (sun) a contract call may burn for energy; 0 for a TRX transfer. */
  feeLimit: bigint;
}

const CONTRACT_TYPES = { TransferContract: 1, TriggerSmartContract: 31 } as const;
const TYPE_URL = 'type.googleapis.com/protocol.';

/** The reference fields of a transaction made on top of `block`. */
export function referenceOf(block: TronBlock): Pick<TronRaw, 'refBlockBytes' | 'refBlockHash'> {
  const height = block.block_header.raw_data.number.toString(16).padStart(16, '0');
  return { refBlockBytes: height.slice(12, 16), refBlockHash: block.blockID.slice(16, 32) };
}

export function encodeRaw(raw: TronRaw): Uint8Array {
  const c = raw.call;
  const value =
    c.type === 'TransferContract'
      ? [...bytesField(1, address(c.owner)), ...bytesField(2, address(c.to)), ...intField(3, c.amount)]
      : [...bytesField(1, address(c.owner)), ...bytesField(2, address(c.contract)), ...bytesField(4, getBytes(`0x${c.data}`))];
  const any = [...bytesField(1, new TextEncoder().encode(TYPE_URL + c.type)), ...bytesField(2, Uint8Array.from(value))];
  const contract = [...intField(1, BigInt(CONTRACT_TYPES[c.type])), ...bytesField(2, Uint8Array.from(any))];
  return Uint8Array.from([
    ...bytesField(1, getBytes(`0x${raw.refBlockBytes}`)),
    ...bytesField(4, getBytes(`0x${raw.refBlockHash}`)),
    ...intField(8, BigInt(raw.expiration)),
    ...bytesField(11, Uint8Array.from(contract)),
    ...intField(14, BigInt(raw.timestamp)),
    ...intField(18, raw.feeLimit),
  ]);
}

/** The transaction id: SHA-256 of the raw data, in hex without 0x. */
export function txIdOf(rawBytes: Uint8Array): string {
  return sha256(rawBytes).slice(2);
}

export interface SignedTronTransaction {
  txID: string;
  /** The whole Transaction message (raw data and signature) in hex, as /wallet/broadcasthex takes it. */
  hex: string;
}

export function signTransaction(raw: TronRaw, key: SigningKey): SignedTronTransaction {
  const rawBytes = encodeRaw(raw);
  const txID = txIdOf(rawBytes);
  const signature = getBytes(key.sign(`0x${txID}`).serialized);
  return { txID, hex: hexlify(Uint8Array.from([...bytesField(1, rawBytes), ...bytesField(2, signature)])).slice(2) };
}

/** The address whose key made `signature` (65 bytes in hex) over the transaction id. */
export function signerOf(txID: string, signature: string): string {
  const publicKey = SigningKey.recoverPublicKey(`0x${txID}`, Signature.from(`0x${signature}`));
  return addressOfPublicKey(getBytes(publicKey));
}

/** A signed transaction read back: its raw data (with the bytes its id is the hash of) and its signatures. */
export function decodeTransaction(hex: string): { raw: TronRaw; txID: string; signatures: string[] } {
  const tx = fields(getBytes(`0x${hex}`));
  const rawBytes = one(tx, 1);
  const r = fields(rawBytes);
  const contracts = r.get(11) ?? [];
  if (contracts.length !== 1) throw new Error('a transaction carries exactly one contract');
  const contract = fields(contracts[0] as Uint8Array);
  const any = fields(one(contract, 2));
  const type = Object.entries(CONTRACT_TYPES).find(([, n]) => BigInt(n) === int(contract, 1))?.[0];
  if (!type || new TextDecoder().decode(one(any, 1)) !== TYPE_URL + type) throw new Error('not a TransferContract or TriggerSmartContract');
  const v = fields(one(any, 2));
  const call: TronCall =
    type === 'TransferContract'
      ? { type, owner: base58(one(v, 1)), to: base58(one(v, 2)), amount: int(v, 3) }
      : { type: 'TriggerSmartContract', owner: base58(one(v, 1)), contract: base58(one(v, 2)), data: hexlify(one(v, 4)).slice(2) };
  return {
    raw: {
      call,
      refBlockBytes: hexlify(one(r, 1)).slice(2),
      refBlockHash: hexlify(one(r, 4)).slice(2),
      expiration: Number(int(r, 8)),
      timestamp: Number(int(r, 14)),
      feeLimit: int(r, 18),
    },
    txID: txIdOf(rawBytes),
    signatures: (tx.get(2) ?? []).map((s) => hexlify(s as Uint8Array).slice(2)),
  };
}

// Protobuf's wire format: a field is its number and wire type (0: varint, 2: length-delimited), then its value.

function varint(n: bigint): number[] {
  if (n < 0n) throw new Error('negative values are not encoded here');
  const out: number[] = [];
  do {
    const low = Number(n & 0x7fn);
    n >>= 7n;
    out.push(n > 0n ? low | 0x80 : low);
  } while (n > 0n);
  return out;
}

/** A default value (0) is left out, as protobuf's serializers do: the id must be the one the network computes. */
function intField(field: number, n: bigint): number[] {
  return n === 0n ? [] : [...varint(BigInt(field << 3)), ...varint(n)];
}

function bytesField(field: number, bytes: Uint8Array): number[] {
  return bytes.length === 0 ? [] : [...varint(BigInt((field << 3) | 2)), ...varint(BigInt(bytes.length)), ...bytes];
}

function address(base58Address: string): Uint8Array {
  const hex = hexOf(base58Address);
  if (!hex) throw new Error(`not a Tron address: ${base58Address}`);
  return getBytes(`0x${hex}`);
}

function base58(bytes: Uint8Array): string {
  return base58Of(hexlify(bytes).slice(2));
}

/** A message's fields by number: varints as bigint, length-delimited values as bytes. */
function fields(bytes: Uint8Array): Map<number, (bigint | Uint8Array)[]> {
  const out = new Map<number, (bigint | Uint8Array)[]>();
  let at = 0;
  const readVarint = () => {
    let n = 0n;
    for (let shift = 0n; ; shift += 7n) {
      if (at >= bytes.length) throw new Error('truncated protobuf');
      const b = bytes[at++]!;
      n |= BigInt(b & 0x7f) << shift;
      if (!(b & 0x80)) return n;
    }
  };
  while (at < bytes.length) {
    const key = Number(readVarint());
    const field = key >> 3;
    let value: bigint | Uint8Array;
    if ((key & 7) === 0) value = readVarint();
    else if ((key & 7) === 2) {
      const length = Number(readVarint());
      if (at + length > bytes.length) throw new Error('truncated protobuf');
      value = bytes.subarray(at, at + length);
      at += length;
    } else throw new Error(`protobuf wire type ${key & 7} is not used by these messages`);
    out.set(field, [...(out.get(field) ?? []), value]);
  }
  return out;
}

function one(m: Map<number, (bigint | Uint8Array)[]>, field: number): Uint8Array {
  const value = m.get(field)?.[0];
  if (!(value instanceof Uint8Array)) throw new Error(`protobuf field ${field} is missing`);
  return value;
}

function int(m: Map<number, (bigint | Uint8Array)[]>, field: number): bigint {
  const value = m.get(field)?.[0];
  return typeof value === 'bigint' ? value : 0n;
}
