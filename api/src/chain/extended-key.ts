import crypto from 'node:crypto';
import { decodeBase58, HDNodeWallet, sha256, toBeArray } from 'ethers';
import secp256k1 from 'secp256k1';

/** A BIP-32 extended key is 78 bytes, then the first 4 bytes of its double SHA-256. */
const PAYLOAD_BYTES = 78;
/** Depth of m/44'/<coin>'/0'/0, the level whose extended public key a family holds. */
const ACCOUNT_CHAIN_DEPTH = 4;

/**
 * Whether a base58 extended key's checksum matches (base58check). ethers 6 decodes extended keys
 * without checking it, so a one-character typo would give well-formed addresses that no wallet holds.
 */
export function hasValidChecksum(key: string): boolean {
  let bytes: Uint8Array;
  try {
    bytes = toBeArray(decodeBase58(key));
  } catch {
    return false;
  }
  if (bytes.length !== PAYLOAD_BYTES + 4) return false;
  const checksum = sha256(sha256(bytes.subarray(0, PAYLOAD_BYTES))).slice(2, 10);
  return Buffer.from(bytes.subarray(PAYLOAD_BYTES)).toString('hex') === checksum;
}

/**
 * The extended public key of one account chain (m/44'/<coin>'/0'/0, depth 4) and its children, by
 * public derivation (BIP-32 CKDpub): deposit addresses come from the public key alone. ethers parses
 * the key; the point arithmetic runs in libsecp256k1, native (the package's prebuilt addon; where it
 * has none, its pure-JS fallback): a child in about 45 µs, against about 200 µs in WebAssembly and 750 µs
 * in ethers' own deriveChild, and order creation derives one per order.
 */
export class AccountChainKey {
  private readonly publicKey: Buffer;
  /** The HMAC key of every child: made once, not for each derivation (a tenth of one's time). */
  private readonly chainCode: crypto.KeyObject;

  /** `setting` and `path` name the key in the errors an operator reads. */
  constructor(xpub: string, setting: string, path: string) {
    const node = HDNodeWallet.fromExtendedKey(xpub);
    if ('privateKey' in node) throw new Error(`${setting} must be an extended PUBLIC key; never give the server a private key`);
    if (node.depth !== ACCOUNT_CHAIN_DEPTH) throw new Error(`${setting} must be the key of ${path} (depth 4), got depth ${node.depth}`);
    this.publicKey = Buffer.from(node.publicKey.slice(2), 'hex');
    this.chainCode = crypto.createSecretKey(Buffer.from(node.chainCode.slice(2), 'hex'));
  }

  /** Child `index`'s public key, uncompressed (65 bytes, 0x04 first). */
  child(index: number): Uint8Array {
    if (!Number.isInteger(index) || index < 0 || index >= 0x80000000) throw new RangeError(`not a non-hardened index: ${index}`);
    const data = Buffer.alloc(37);
    this.publicKey.copy(data);
    data.writeUInt32BE(index, 33);
    const i = crypto.createHmac('sha512', this.chainCode).update(data).digest();
    try {
      return secp256k1.publicKeyTweakAdd(this.publicKey, i.subarray(0, 32), false);
    } catch {
      // The ~2^-127 chance that the tweak is out of range or gives the point at infinity; BIP-32 then skips the index.
      throw new Error(`index ${index} has no valid child key; skip it`);
    }
  }
}
