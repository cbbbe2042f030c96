import { describe, expect, it } from 'vitest';
import { ConfigError, DEV_BOT_API_SECRET, loadConfig } from './config';

const TOKEN = '123456:ABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789';

describe('bot configuration', () => {
  it('defaults to long polling against the local API, with the development service secret', () => {
    const c = loadConfig({ TELEGRAM_BOT_TOKEN: TOKEN });
    expect(c).toMatchObject({
      mode: 'polling',
      apiUrl: 'http://127.0.0.1:3000',
      botApiSecret: DEV_BOT_API_SECRET,
      webAppUrl: 'http://127.0.0.1:3000/telegram',
      webAppEnabled: false,
    });
  });

  it('derives the mini-app address from PUBLIC_URL (https: the mini-app button is shown)', () => {
    const c = loadConfig({ TELEGRAM_BOT_TOKEN: TOKEN, PUBLIC_URL: 'https://topup.example.com/' });
    expect(c.webAppUrl).toBe('https://topup.example.com/telegram');
    expect(c.webAppEnabled).toBe(true);
  });

  it('links order messages to the site only where Telegram’s policy allows every coin (TELEGRAM_NETWORKS=all)', () => {
    const env = { TELEGRAM_BOT_TOKEN: TOKEN, PUBLIC_URL: 'https://topup.example.com/', MINI_APP_LINK: 'https://t.me/example_bot/app' };
    expect(loadConfig(env).orderLinks).toEqual({ miniApp: 'https://t.me/example_bot/app', site: null });
    expect(loadConfig({ ...env, TELEGRAM_NETWORKS: 'all' }).orderLinks).toEqual({ miniApp: 'https://t.me/example_bot/app', site: 'https://topup.example.com' });
  });

  it('needs a token', () => {
    expect(() => loadConfig({})).toThrow(ConfigError);
  });

  it('runs webhooks in production and refuses to start without their secret or with the development credential', () => {
    expect(() => loadConfig({ TELEGRAM_BOT_TOKEN: TOKEN, NODE_ENV: 'production' })).toThrow(/WEBHOOK_URL[\s\S]*WEBHOOK_SECRET[\s\S]*BOT_API_SECRET/);
    const c = loadConfig({
      TELEGRAM_BOT_TOKEN: TOKEN,
      NODE_ENV: 'production',
      WEBHOOK_URL: 'https://bot.example.com/telegram/webhook',
      WEBHOOK_SECRET: 'a-long-random-webhook-secret',
      BOT_API_SECRET: 'x'.repeat(40),
      SUPPORT_EMAIL: 'help@example.com',
    });
    expect(c).toMatchObject({ mode: 'webhook', webhook: { path: '/telegram/webhook', port: 3001 }, support: { email: 'help@example.com' } });
    expect(() =>
      loadConfig({ TELEGRAM_BOT_TOKEN: TOKEN, BOT_MODE: 'webhook', WEBHOOK_URL: 'http://bot.example.com/x', WEBHOOK_SECRET: 'a-long-random-webhook-secret' }),
    ).toThrow(/https/);
  });

  it('refuses a support address that is not an e-mail address (the one rule of shared/src/email.ts)', () => {
    expect(() => loadConfig({ TELEGRAM_BOT_TOKEN: TOKEN, SUPPORT_EMAIL: 'help at example.com' })).toThrow(/SUPPORT_EMAIL[\s\S]*e-mail address/);
    expect(loadConfig({ TELEGRAM_BOT_TOKEN: TOKEN, SUPPORT_EMAIL: ' help@example.com ' }).support.email).toBe('help@example.com');
  });
});
