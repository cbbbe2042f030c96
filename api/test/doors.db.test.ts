import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SandboxProvider } from '../src/airtime/sandbox';
import type { AirtimeProvider } from '../src/airtime/provider';
import { lastSignInCode, signInByEmail, startTestApi, type TestApi } from './harness';

/**
 * The smaller doors: anonymous phone checks cost a bounded number of provider
 * calls; profile pictures cannot be listed by customer id; sign-out needs a JSON POST from this site;
 * the +tag spellings of one mailbox share its sign-in code limit; only the mini-app may be framed.
 */

class CountingProvider extends SandboxProvider {
  detections = 0;
  override detectOperator(...args: Parameters<AirtimeProvider['detectOperator']>) {
    this.detections++;
    return super.detectOperator(...args);
  }
}

const provider = new CountingProvider({});
let api: TestApi;
beforeAll(async () => {
  api = await startTestApi({ provider, env: { PHONE_CHECK_RATE_LIMIT_PER_MINUTE: '30', TRUST_PROXY: 'loopback' } });
});
afterAll(() => api?.close());

const from = (address: string) => ({ 'x-forwarded-for': address });

describe('anonymous phone validation', () => {
  it('300 checks of one number from one address make one provider call and are cut off at the limit', async () => {
    const before = provider.detections;
    const statuses = await Promise.all(
      Array.from({ length: 300 }, () =>
        api.call('POST', '/api/validate/phone', { body: { phoneNumber: '671234567', countryCode: 'CM' }, headers: from('203.0.113.50') }).then((r) => r.status),
      ),
    );
    expect(statuses.filter((s) => s === 200)).toHaveLength(30);
    expect(statuses.filter((s) => s === 429)).toHaveLength(270);
    expect(provider.detections - before).toBe(1);
  });

  it('300 checks of different numbers from ten addresses make at most the limit of provider calls per address', async () => {
    const before = provider.detections;
    const numbers = Array.from({ length: 300 }, (_, i) => `6712${String(10000 + i).slice(-5)}`);
    const results = await Promise.all(
      numbers.map((phoneNumber, i) =>
        api.call('POST', '/api/validate/phone', { body: { phoneNumber, countryCode: 'CM' }, headers: from(`203.0.113.${60 + (i % 10)}`) }),
      ),
    );
    expect(results.filter((r) => r.status === 200).length).toBe(300);
    expect(provider.detections - before).toBeLessThanOrEqual(300);
    // The same 300 again: answered from the cache (and by now past each address's limit).
    const again = await Promise.all(
      numbers
        .slice(0, 50)
        .map((phoneNumber) => api.call('POST', '/api/phone/detect', { body: { phoneNumber: `+237${phoneNumber}` }, headers: from('203.0.113.99') })),
    );
    expect(again.filter((r) => r.status === 200).length).toBe(30);
    expect(provider.detections - before).toBe(300);
  });

  it("counts the bot's checks per Telegram user it vouches for, not against the one address all its users share", async () => {
    const asBot = (userId: string, token = api.config.botApiSecret) => ({ 'x-service-token': token, 'x-telegram-user-id': userId, ...from('203.0.113.70') });
    const check = (headers: Record<string, string>, i: number) =>
      api
        .call('POST', '/api/validate/phone', { body: { phoneNumber: `6713${String(10000 + i).slice(-5)}`, countryCode: 'CM' }, headers })
        .then((r) => r.status);
    // 100 users at once, one check each, from the bot's one address: none is refused.
    const many = await Promise.all(Array.from({ length: 100 }, (_, i) => check(asBot(String(6_000 + i)), i)));
    expect(many.filter((s) => s === 200)).toHaveLength(100);
    // One user past the limit is refused; the next user is not.
    const one = await Promise.all(Array.from({ length: 31 }, (_, i) => check(asBot('6500'), 200 + i)));
    expect(one.filter((s) => s === 429)).toHaveLength(1);
    expect(await check(asBot('6501'), 300)).toBe(200);
    // Without the bot's credential the user id vouches for nothing: the address counts (past its 30 by now).
    const forged = await Promise.all(Array.from({ length: 31 }, (_, i) => check(asBot(String(7_000 + i), 'not-the-secret'), 400 + i)));
    expect(forged.filter((s) => s === 429).length).toBeGreaterThan(0);
  });
});

describe('profile pictures', () => {
  it('are served at a random address, not by customer id', async () => {
    const png = 'data:image/png;base64,iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNk+M9QDwADhgGAWjR9awAAAABJRU5ErkJggg==';
    const cookie = await signInByEmail(api, 'picture@mail.test');
    const saved = await api.call('POST', '/api/user/profile-picture', { body: { profileImageData: png }, headers: { cookie } });
    const url = saved.body.profileImageUrl as string;
    expect(url).toMatch(/^\/api\/user\/profile-picture\/[\w-]{24}$/);
    expect((await fetch(api.url + url)).status).toBe(200);
    const me = (await api.call('GET', '/api/auth/user', { headers: { cookie } })).body;
    for (const guess of [`/api/user/profile-picture/${me.id}`, `/api/user/profile-picture/${me.id}?v=1`, '/api/user/profile-picture/1']) {
      expect((await api.call('GET', guess)).status).toBeGreaterThanOrEqual(400);
    }
    // A new picture gets a new address; the old one stops answering.
    const again = (await api.call('POST', '/api/user/profile-picture', { body: { profileImageData: png }, headers: { cookie } })).body
      .profileImageUrl as string;
    expect(again).not.toBe(url);
    expect((await fetch(api.url + url)).status).toBe(404);
  });
});

describe('signing out', () => {
  it('is a JSON POST from this site only', async () => {
    const cookie = await signInByEmail(api, 'leaving@mail.test');
    const signedIn = async () => (await api.call('GET', '/api/auth/user', { headers: { cookie } })).status === 200;
    expect((await api.call('GET', '/api/auth/logout', { headers: { cookie } })).status).toBe(404);
    // A form on another site (or a sibling subdomain, whose requests carry the Lax cookie).
    for (const headers of [{ 'sec-fetch-site': 'same-site' }, { 'sec-fetch-site': 'cross-site' }, { origin: 'https://evil.example.com' }] as Record<
      string,
      string
    >[]) {
      expect((await api.call('POST', '/api/auth/logout', { body: {}, headers: { cookie, ...headers } })).status).toBe(403);
    }
    const form = await api.call('POST', '/api/auth/logout', { raw: 'a=1', headers: { cookie, 'content-type': 'application/x-www-form-urlencoded' } });
    expect(form.status).toBe(415);
    expect(await signedIn()).toBe(true);
    const own = await api.call('POST', '/api/auth/logout', { body: {}, headers: { cookie, 'sec-fetch-site': 'same-origin', origin: api.url } });
    expect(own.status).toBe(200);
    expect(await signedIn()).toBe(false);
  });
});

describe('sign-in codes by e-mail', () => {
  it('the +tag spellings of one mailbox share its limit', async () => {
    expect((await api.call('POST', '/api/auth/email/start', { body: { email: 'victim@mail.test' } })).status).toBe(200);
    for (const email of ['victim+1@mail.test', 'Victim+shop@Mail.test', 'victim+@mail.test']) {
      const res = await api.call('POST', '/api/auth/email/start', { body: { email } });
      expect([email, res.status]).toEqual([email, 429]);
    }
    expect(lastSignInCode(api, 'victim@mail.test')).toMatch(/^\d{6}$/);
    // Another mailbox is not affected.
    expect((await api.call('POST', '/api/auth/email/start', { body: { email: 'victim2@mail.test' } })).status).toBe(200);
  });
});

describe('framing', () => {
  it('only the mini-app may be framed, and only by Telegram', async () => {
    for (const path of ['/admin-login', '/admin', '/', '/api/pricing']) {
      const res = await fetch(api.url + path);
      expect([path, res.headers.get('x-frame-options')]).toEqual([path, 'DENY']);
      expect(res.headers.get('content-security-policy')).toContain("frame-ancestors 'none'");
    }
    // An API answer is data, never a page: it may load nothing at all.
    const answer = await fetch(`${api.url}/api/countries`);
    expect(answer.headers.get('content-security-policy')).toBe("default-src 'none'; frame-ancestors 'none'");
    expect(answer.headers.get('x-content-type-options')).toBe('nosniff');
    const miniApp = await fetch(`${api.url}/telegram`);
    expect(miniApp.headers.get('x-frame-options')).toBeNull();
    expect(miniApp.headers.get('content-security-policy')).toContain("frame-ancestors 'self' https://web.telegram.org https://*.telegram.org");
  });
});
