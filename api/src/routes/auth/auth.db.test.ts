import fs from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { signedTelegramLogin } from '../../../test/customers';
import { cookieOf, lastSignInCode, startTestApi, type TestApi } from '../../../test/harness';

const BOT_TOKEN = '123456789:TEST-token-for-the-login-widget-0000';
let api: TestApi;
beforeAll(async () => {
  api = await startTestApi({ env: { TELEGRAM_BOT_TOKEN: BOT_TOKEN } });
});
afterAll(() => api?.close());

const lastCode = (email: string) => lastSignInCode(api, email);

describe('signing in by e-mail', () => {
  it('sends a code to the local mail outbox, signs in with it, and attaches the orders made before', async () => {
    const order = await api.call('POST', '/api/create-payment', { body: { phoneNumber: '671234567', operatorId: 53, amount: 10, currency: 'USDT' } });
    expect((await api.call('POST', '/api/auth/email/start', { body: { email: 'Ana@Mail.test' } })).status).toBe(200);
    const wrong = await api.call('POST', '/api/auth/email/verify', {
      body: { email: 'ana@mail.test', code: '000000' === lastCode('ana@mail.test') ? '111111' : '000000' },
    });
    expect(wrong.status).toBe(400);
    const res = await api.call('POST', '/api/auth/email/verify', {
      body: { email: 'ana@mail.test', code: lastCode('ana@mail.test') },
      headers: { 'x-order-token': order.body.orderToken },
    });
    expect(res.status).toBe(200);
    expect(res.headers.get('set-cookie')).toMatch(/sid=.*HttpOnly/i);
    const cookie = cookieOf(res);
    const user = await api.call('GET', '/api/auth/user', { headers: { cookie } });
    expect(user.status).toBe(200);
    expect(user.body).toMatchObject({ email: 'ana@mail.test', balance: 0, profileImageUrl: null });
    const mine = await api.call('GET', '/api/orders', { headers: { cookie } });
    expect(mine.body.map((o: { id: number }) => o.id)).toEqual([order.body.orderId]);

    expect((await api.call('POST', '/api/auth/logout', { body: {}, headers: { cookie } })).status).toBe(200);
    expect((await api.call('GET', '/api/auth/user', { headers: { cookie } })).status).toBe(401);
  });

  it('is 401 signed out, refuses a used code, and locks a code after five wrong tries', async () => {
    expect((await api.call('GET', '/api/auth/user')).status).toBe(401);
    await api.call('POST', '/api/auth/email/start', { body: { email: 'bo@mail.test' } });
    const code = lastCode('bo@mail.test');
    for (let i = 0; i < 5; i++)
      await api.call('POST', '/api/auth/email/verify', { body: { email: 'bo@mail.test', code: code === '123456' ? '654321' : '123456' } });
    const locked = await api.call('POST', '/api/auth/email/verify', { body: { email: 'bo@mail.test', code } });
    expect(locked.status).toBe(400);
    expect(locked.body.error.message).toContain('expired');
    expect((await api.call('POST', '/api/auth/email/start', { body: { email: 'not an email' } })).status).toBe(400);
    expect((await api.call('POST', '/api/auth/email/start', { body: { email: 'bo@mail.test' } })).status).toBe(429);
  });
});

describe('signing in with Telegram (Login Widget)', () => {
  const signed = (data: Record<string, string | number>, token = BOT_TOKEN) => signedTelegramLogin(data, token);

  it('accepts data signed by the bot token and refuses forged or stale data', async () => {
    const now = Math.floor(Date.now() / 1000);
    const ok = await api.call('POST', '/api/auth/telegram', { body: signed({ id: 4242, first_name: 'Kofi', auth_date: now }) });
    expect(ok.status).toBe(200);
    const user = await api.call('GET', '/api/auth/user', { headers: { cookie: cookieOf(ok) } });
    expect(user.body).toMatchObject({ firstName: 'Kofi', telegramUserId: 4242 });
    const forged = await api.call('POST', '/api/auth/telegram', { body: signed({ id: 4242, first_name: 'Kofi', auth_date: now }, '999:other-token') });
    expect(forged.status).toBe(401);
    const stale = await api.call('POST', '/api/auth/telegram', { body: signed({ id: 4242, auth_date: now - 2 * 86_400 }) });
    expect(stale.status).toBe(401);
  });

  describe('dated in the future', () => {
    // An API of its own: the sign-in routes' per-address limit is spent by the other tests of this file.
    let own: TestApi;
    beforeAll(async () => {
      own = await startTestApi({ env: { TELEGRAM_BOT_TOKEN: BOT_TOKEN } });
    });
    afterAll(() => own?.close());

    it('is refused beyond a minute of clock skew', async () => {
      const now = Math.floor(Date.now() / 1000);
      const ahead = await own.call('POST', '/api/auth/telegram', { body: signed({ id: 4242, auth_date: now + 3600 }) });
      expect([ahead.status, ahead.body.error.message]).toEqual([401, 'Telegram sign-in data is dated in the future. Please sign in again.']);
      expect((await own.call('POST', '/api/auth/telegram', { body: signed({ id: 4242, auth_date: now + 20 }) })).status).toBe(200);
    });
  });

  it('checks every field received, including one Telegram adds later, and uses only the known ones', async () => {
    const now = Math.floor(Date.now() / 1000);
    // Telegram's rule: the data-check-string covers every received field but hash, sorted by name.
    const withNewField = signed({ id: 4343, first_name: 'Ama', auth_date: now, allows_write_to_pm: 'true' });
    const ok = await api.call('POST', '/api/auth/telegram', { body: withNewField });
    expect(ok.status).toBe(200);
    const user = await api.call('GET', '/api/auth/user', { headers: { cookie: cookieOf(ok) } });
    expect(user.body).toMatchObject({ firstName: 'Ama', telegramUserId: 4343 });
    // A field added after Telegram signed is not Telegram's: refused.
    const added = await api.call('POST', '/api/auth/telegram', { body: { ...signed({ id: 4343, first_name: 'Ama', auth_date: now }), role: 'admin' } });
    expect(added.status).toBe(401);
    // Unknown fields carry scalar values only.
    const nested = await api.call('POST', '/api/auth/telegram', { body: { ...withNewField, extra: { a: 1 } } });
    expect(nested.status).toBe(400);
  });
});

describe('profile picture', () => {
  it('takes images of at most 5 MB from a signed-in customer', async () => {
    await api.call('POST', '/api/auth/email/start', { body: { email: 'pic@mail.test' } });
    const cookie = cookieOf(await api.call('POST', '/api/auth/email/verify', { body: { email: 'pic@mail.test', code: lastCode('pic@mail.test') } }));
    const png = 'data:image/png;base64,iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNk+M9QDwADhgGAWjR9awAAAABJRU5ErkJggg==';
    const res = await api.call('POST', '/api/user/profile-picture', { body: { profileImageData: png }, headers: { cookie } });
    expect(res.status).toBe(200);
    const image = await fetch(api.url + res.body.profileImageUrl);
    expect(image.headers.get('content-type')).toBe('image/png');
    expect((await api.call('GET', '/api/auth/user', { headers: { cookie } })).body.profileImageUrl).toBe(res.body.profileImageUrl);

    const text = await api.call('POST', '/api/user/profile-picture', { body: { profileImageData: 'data:text/plain;base64,aGk=' }, headers: { cookie } });
    expect(text.body.error.message).toBe('Invalid file type: Please select an image file (PNG, JPG, JPEG, etc.)');
    const big = `data:image/png;base64,${Buffer.alloc(5 * 1024 * 1024 + 1).toString('base64')}`;
    const tooBig = await api.call('POST', '/api/user/profile-picture', { body: { profileImageData: big }, headers: { cookie } });
    expect(tooBig.status).toBe(413);
    expect(tooBig.body.error.message).toBe('File too large: Please select an image smaller than 5MB');
    expect((await api.call('POST', '/api/user/profile-picture', { body: { profileImageData: png } })).status).toBe(401);
  });
});

describe('the sign-in code’s language', () => {
  // An API of its own: the sign-in routes' per-address limit is spent by the tests above.
  let own: TestApi;
  beforeAll(async () => {
    own = await startTestApi();
  });
  afterAll(() => own?.close());

  it('is the page’s, else the browser’s, else English', async () => {
    const mail = (email: string) => {
      const folder = path.join(own.config.dataDir, 'mail-outbox');
      return fs.readFileSync(
        path.join(
          folder,
          fs
            .readdirSync(folder)
            .filter((f) => f.includes(email))
            .sort()
            .at(-1)!,
        ),
        'utf8',
      );
    };
    const code = (email: string) => lastSignInCode(own, email);
    await own.call('POST', '/api/auth/email/start', { body: { email: 'lea@mail.test', locale: 'fr' }, headers: { 'accept-language': 'es' } });
    expect(mail('lea@mail.test')).toContain(`Votre code de connexion est ${code('lea@mail.test')}.`);
    await own.call('POST', '/api/auth/email/start', { body: { email: 'ines@mail.test' }, headers: { 'accept-language': 'es-MX,es;q=0.9' } });
    expect(mail('ines@mail.test')).toContain(`de acceso es ${code('ines@mail.test')}.`);
    await own.call('POST', '/api/auth/email/start', { body: { email: 'hans@mail.test' }, headers: { 'accept-language': 'de' } });
    expect(mail('hans@mail.test')).toContain(`Your sign-in code is ${code('hans@mail.test')}.`);
  });
});
