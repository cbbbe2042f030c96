import fs from 'node:fs';
import path from 'node:path';

/** A running API: its address, and the data folder whose local mail outbox holds the sign-in codes. */
interface RunningApi {
  url: string;
  config: { dataDir: string };
}

async function post(api: RunningApi, route: string, body: unknown, headers: Record<string, string> = {}) {
  const res = await fetch(api.url + route, { method: 'POST', headers: { 'content-type': 'application/json', ...headers }, body: JSON.stringify(body) });
  if (res.status !== 200) throw new Error(`${route}: ${res.status} ${await res.text()}`);
  return res;
}

/**
 * Signs a customer in on the web by a one-time code (read from the local mail outbox, where the
 * embedded default writes it) and returns the session cookie's value.
 */
export async function webSession(api: RunningApi, email: string, headers: Record<string, string> = {}): Promise<string> {
  await post(api, '/api/auth/email/start', { email });
  const folder = path.join(api.config.dataDir, 'mail-outbox');
  const newest = fs
    .readdirSync(folder)
    .filter((f) => f.includes(email))
    .sort()
    .pop()!;
  const code = /sign-in code is (\d{6})/.exec(fs.readFileSync(path.join(folder, newest), 'utf8'))![1]!;
  const res = await post(api, '/api/auth/email/verify', { email, code }, headers);
  return /sid=([^;]+)/.exec(res.headers.get('set-cookie') ?? '')![1]!;
}

/** The same, as a Cookie header. */
export async function signInByEmail(api: RunningApi, email: string, headers: Record<string, string> = {}): Promise<string> {
  return `sid=${await webSession(api, email, headers)}`;
}
