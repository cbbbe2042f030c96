import fs from 'node:fs';
import type http from 'node:http';
import os from 'node:os';
import path from 'node:path';
import type { AddressInfo } from 'node:net';
import express from 'express';
import pino from 'pino';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { errorHandler } from './errors';
import { webappRouter } from './webapp';

let server: http.Server;
let url: string;
const logged: string[] = [];
const dist = fs.mkdtempSync(path.join(os.tmpdir(), 'webapp-dist-'));

beforeAll(async () => {
  fs.mkdirSync(path.join(dist, 'assets'));
  fs.writeFileSync(path.join(dist, 'index.html'), '<!doctype html><title>site</title>');
  fs.writeFileSync(path.join(dist, 'assets', 'index-abc123.js'), 'console.log(1)');
  const app = express();
  app.use(webappRouter(dist)!);
  app.use(errorHandler(pino({ level: 'info' }, { write: (line: string) => void logged.push(line) })));
  server = app.listen(0, '127.0.0.1');
  await new Promise((resolve) => server.once('listening', resolve));
  url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});
afterAll(() => {
  server?.close();
  fs.rmSync(dist, { recursive: true, force: true });
});

describe('the built web app', () => {
  it('serves an asset that exists', async () => {
    const res = await fetch(`${url}/assets/index-abc123.js`);
    expect(res.status).toBe(200);
  });

  it('answers a missing asset (a previous build asked for by an old page) with a 404, and logs no error', async () => {
    const res = await fetch(`${url}/assets/index-old999.js`);
    expect(res.status).toBe(404);
    const malformed = await fetch(`${url}/assets/%ff.js`);
    expect(malformed.status).toBeLessThan(500);
    expect(logged.filter((line) => JSON.parse(line).level >= 50)).toEqual([]);
  });
});
