import express from 'express';
import { describe, expect, it } from 'vitest';
import { tonConnectRouter } from './tonconnect.router';

/** The TON Connect manifest a wallet reads when the mini-app asks to connect. */
describe('GET /api/tonconnect-manifest.json', () => {
  it('names the site (PUBLIC_URL, else the request’s origin) with an icon that is a PNG', async () => {
    for (const [publicUrl, expected] of [
      ['https://topup.example.com/', 'https://topup.example.com'],
      [undefined, null],
    ] as const) {
      const app = express().use('/api', tonConnectRouter({ publicUrl, name: 'Crypto Top-ups' }));
      const server = app.listen(0);
      const base = `http://127.0.0.1:${(server.address() as { port: number }).port}`;
      const manifest = (await (await fetch(`${base}/api/tonconnect-manifest.json`)).json()) as Record<string, string>;
      const url = expected ?? base;
      expect(manifest).toEqual({
        url,
        name: 'Crypto Top-ups',
        iconUrl: `${url}/api/tonconnect-icon.png`,
        termsOfUseUrl: `${url}/terms`,
        privacyPolicyUrl: `${url}/privacy`,
      });
      const icon = await fetch(`${base}/api/tonconnect-icon.png`);
      expect(icon.headers.get('content-type')).toBe('image/png');
      expect(
        Buffer.from(await icon.arrayBuffer())
          .subarray(1, 4)
          .toString(),
      ).toBe('PNG');
      server.close();
    }
  });
});
