import { decodeBase58, encodeBase58, getBytes, keccak256, sha256, toBeArray } from 'ethers';

/** Tron's address prefix byte on mainnet (and its testnets): base58 addresses then start with T. */
const PREFIX = 0x41;

/**
 * Tron addresses, as Tron's documentation ("Account": address format) defines them: the last 20 bytes
 * of the Keccak-256 of the public key (as on Ethereum), prefixed with 0x41; in base58check (T…) for
 * people and wallets, in hex (41…) in the HTTP API's answers unless asked for `visible` addresses.
 */

/** The base58 address of an uncompressed public key (65 bytes, 0x04 first). */
export function addressOfPublicKey(publicKey: Uint8Array): string {
  return base58Of(`41${keccak256(publicKey.subarray(1)).slice(-40)}`);
}

/** `41…` (21 bytes in hex) to `T…`. */
export function base58Of(hex: string): string {
  const payload = getBytes(`0x${hex}`);
  if (payload.length !== 21 || payload[0] !== PREFIX) throw new Error(`not a Tron address in hex: ${hex}`);
  const checksum = getBytes(sha256(sha256(payload))).subarray(0, 4);
  return encodeBase58(new Uint8Array([...payload, ...checksum]));
}

/** `T…` to `41…` (lower-case hex); null when it is not a Tron address or its checksum is wrong. */
export function hexOf(address: string): string | null {
  let bytes: Uint8Array;
  try {
    bytes = toBeArray(decodeBase58(address));
  } catch {
    return null;
  }
  if (bytes.length !== 25 || bytes[0] !== PREFIX) return null;
  const payload = bytes.subarray(0, 21);
  const checksum = getBytes(sha256(sha256(payload))).subarray(0, 4);
  if (Buffer.compare(Buffer.from(checksum), Buffer.from(bytes.subarray(21))) !== 0) return null;
  return Buffer.from(payload).toString('hex');
}

export function isTronAddress(address: string): boolean {
  return hexOf(address) !== null;
}

/**
 * An address as the TVM sees it (20 bytes, the 0x41 dropped), left-padded to a 32-byte word: the form
 * of a Transfer log's topics and of an ABI argument.
 */
export function wordOf(address: string): string {
  const hex = hexOf(address);
  if (!hex) throw new Error(`not a Tron address: ${address}`);
  return hex.slice(2).padStart(64, '0');
}

/** The address in a 32-byte word (a log topic or ABI argument), as `T…`. */
export function addressOfWord(word: string): string {
  return base58Of(`41${word.replace(/^0x/, '').slice(-40)}`);
}
