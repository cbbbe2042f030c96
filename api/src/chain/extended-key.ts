import { decodeBase58, sha256, toBeArray } from 'ethers';

/** A BIP-32 extended key is 78 bytes, then the first 4 bytes of its double SHA-256. */
const PAYLOAD_BYTES = 78;

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
