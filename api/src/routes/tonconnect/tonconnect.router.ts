import zlib from 'node:zlib';
import { Router, type Request } from 'express';

/**
 * TON Connect's app manifest (docs.ton.org, "TON Connect manifest"): the name, address and icon a
 * wallet shows when the mini-app asks to connect, at a public URL the mini-app names. Served here so
 * that it always names the site the API serves (PUBLIC_URL, else the request's own origin).
 */
export function tonConnectRouter(opts: { publicUrl: string | undefined; name: string }): Router {
  const router = Router();
  const origin = (req: Request) => (opts.publicUrl ?? `${req.protocol}://${req.get('host')}`).replace(/\/+$/, '');
  router.get('/tonconnect-manifest.json', (req, res) => {
    const url = origin(req);
    res.set('cache-control', 'public, max-age=3600');
    res.json({ url, name: opts.name, iconUrl: `${url}/api/tonconnect-icon.png`, termsOfUseUrl: `${url}/terms`, privacyPolicyUrl: `${url}/privacy` });
  });
  router.get('/tonconnect-icon.png', (_req, res) => {
    res.set('cache-control', 'public, max-age=86400').type('png').send(ICON);
  });
  return router;
}

/** The icon: a plain 180×180 square in the site's colour (the size TON Connect asks for), made once. */
const ICON = squarePng(180, [0x25, 0x63, 0xeb]);

function squarePng(size: number, rgb: [number, number, number]): Buffer {
  const row = Buffer.concat([Buffer.from([0]), Buffer.alloc(size * 3, Buffer.from(rgb))]);
  const chunk = (type: string, data: Buffer) => {
    const body = Buffer.concat([Buffer.from(type, 'ascii'), data]);
    const length = Buffer.alloc(4);
    length.writeUInt32BE(data.length);
    const crc = Buffer.alloc(4);
    crc.writeUInt32BE(zlib.crc32(body));
    return Buffer.concat([length, body, crc]);
  };
  const header = Buffer.alloc(13);
  header.writeUInt32BE(size, 0);
  header.writeUInt32BE(size, 4);
  header.set([8, 2, 0, 0, 0], 8); // 8-bit RGB
  return Buffer.concat([
    Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
    chunk('IHDR', header),
    chunk('IDAT', zlib.deflateSync(Buffer.concat(Array.from({ length: size }, () => row)))),
    chunk('IEND', Buffer.alloc(0)),
  ]);
}
