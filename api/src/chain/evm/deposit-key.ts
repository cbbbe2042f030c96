import crypto from 'node:crypto';
import { getAddress, HDNodeWallet, keccak256 } from 'ethers';
import * as secp256k1 from 'tiny-secp256k1';

/** The level whose extended public key we hold; deposit address i is its child i. */
export const DEPOSIT_ACCOUNT_PATH = "m/44'/60'/0'/0";
/** Depth of m/44'/60'/0'/0, the level whose extended public key we hold. */
const ACCOUNT_CHAIN_DEPTH = 4;

/**
 * Public child derivation (BIP-32 CKDpub) of m/44'/60'/0'/0/i from an extended public key: the server
 * never holds a private key. ethers parses the key; the point arithmetic runs in libsecp256k1 (WASM),
 * about four times faster than ethers' own deriveChild, which matters on the order-creation path.
 * The test checks every address against ethers.
 */
export class DepositKey {
  private readonly publicKey: Buffer;
  private readonly chainCode: Buffer;

  constructor(xpub: string) {
    const node = HDNodeWallet.fromExtendedKey(xpub);
    if ('privateKey' in node) throw new Error('DEPOSIT_XPUB must be an extended PUBLIC key; never give the server a private key');
    if (node.depth !== ACCOUNT_CHAIN_DEPTH) throw new Error(`DEPOSIT_XPUB must be the key of m/44'/60'/0'/0 (depth 4), got depth ${node.depth}`);
    this.publicKey = Buffer.from(node.publicKey.slice(2), 'hex');
    this.chainCode = Buffer.from(node.chainCode.slice(2), 'hex');
  }

  address(index: number): string {
    if (!Number.isInteger(index) || index < 0 || index >= 0x80000000) throw new RangeError(`not a non-hardened index: ${index}`);
    const data = Buffer.alloc(37);
    this.publicKey.copy(data);
    data.writeUInt32BE(index, 33);
    const i = crypto.createHmac('sha512', this.chainCode).update(data).digest();
    // Null for the ~2^-127 chance that the tweak is out of range; BIP-32 then skips the index.
    const child = secp256k1.pointAddScalar(this.publicKey, i.subarray(0, 32), false);
    if (!child) throw new Error(`index ${index} has no valid child key; skip it`);
    return getAddress(`0x${keccak256(child.subarray(1)).slice(-40)}`);
  }
}
