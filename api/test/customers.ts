import crypto from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';

/** A running API: its address, and the data folder whose local mail outbox holds the sign-in codes. */
interface RunningApi {
  url: string;
  config: { dataDir: string };
}

async function post(api: Pick<RunningApi, 'url'>, route: string, body: unknown, headers: Record<string, string> = {}) {
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

/** Telegram Login Widget data, signed as Telegram signs it with the bot's token (https://core.telegram.org/widgets/login#checking-authorization). */
export function signedTelegramLogin(data: Record<string, string | number>, botToken: string): Record<string, string | number> {
  const check = Object.entries(data)
    .map(([k, v]) => `${k}=${v}`)
    .sort()
    .join('\n');
  const hash = crypto.createHmac('sha256', crypto.createHash('sha256').update(botToken).digest()).update(check).digest('hex');
  return { ...data, hash };
}

/** Signs the Telegram user in on the web site ("Sign in with Telegram"): the Cookie header of their session. */
export async function signInWithTelegram(api: Pick<RunningApi, 'url'>, botToken: string, user: { id: number; first_name: string }): Promise<string> {
  const res = await post(api, '/api/auth/telegram', signedTelegramLogin({ ...user, auth_date: Math.floor(Date.now() / 1000) }, botToken));
  return `sid=${/sid=([^;]+)/.exec(res.headers.get('set-cookie') ?? '')![1]!}`;
}
