import { deflateSync } from 'node:zlib';
import type { TDisplayTone } from '@topup/shared';

/**
 * The picture that replaces an order's QR code once nothing more is to be paid (paid, ended): a plain
 * square in the state's colour. A payment message is a photo and Telegram cannot take its photo away,
 * so the QR is swapped for this, and no one scans an old payment link after expiry or cancel.
 */

const COLOURS: Record<TDisplayTone, [number, number, number]> = {
  green: [46, 160, 67],
  red: [207, 34, 46],
  yellow: [191, 135, 0],
};

const SIZE = 96;

const CRC_TABLE = Array.from({ length: 256 }, (_, n) => {
  let c = n;
  for (let k = 0; k < 8; k++) c = c & 1 ? 0xedb88320 ^ (c >>> 1) : c >>> 1;
  return c >>> 0;
});

function crc32(data: Buffer): number {
  let c = 0xffffffff;
  for (const byte of data) c = CRC_TABLE[(c ^ byte) & 0xff]! ^ (c >>> 8);
  return (c ^ 0xffffffff) >>> 0;
}

function chunk(type: string, data: Buffer): Buffer {
  const length = Buffer.alloc(4);
  length.writeUInt32BE(data.length);
  const body = Buffer.concat([Buffer.from(type, 'ascii'), data]);
  const crc = Buffer.alloc(4);
  crc.writeUInt32BE(crc32(body));
  return Buffer.concat([length, body, crc]);
}

const cache = new Map<TDisplayTone, Buffer>();

/** A PNG of SIZE×SIZE pixels in the tone's colour. */
export function statusImagePng(tone: TDisplayTone): Buffer {
  const hit = cache.get(tone);
  if (hit) return hit;
  const header = Buffer.alloc(13);
  header.writeUInt32BE(SIZE, 0);
  header.writeUInt32BE(SIZE, 4);
  header.set([8, 2, 0, 0, 0], 8); // 8 bits, RGB, no interlace
  const row = Buffer.concat([Buffer.from([0]), Buffer.from(Array.from({ length: SIZE }, () => COLOURS[tone]).flat())]);
  const pixels = deflateSync(Buffer.concat(Array.from({ length: SIZE }, () => row)));
  const png = Buffer.concat([
    Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
    chunk('IHDR', header),
    chunk('IDAT', pixels),
    chunk('IEND', Buffer.alloc(0)),
  ]);
  cache.set(tone, png);
  return png;
}
