import crypto from 'node:crypto';
import type { Mailer } from './mailer';
import type { AlertChannelName, AlertRow, AlertService } from './alerts';

/** One way an alert reaches a person. `send` throws when the alert did not get through (the job tries again). */
export interface AlertChannel {
  readonly name: AlertChannelName;
  send(alert: AlertRow): Promise<void>;
}

const TIMEOUT_MS = 10_000;

function text(alert: AlertRow): string {
  const times = alert.count > 1 ? ` (raised ${alert.count} times since ${alert.createdAt.toISOString()})` : '';
  return `Alert: ${alert.kind}${times}\n${alert.message}`;
}

async function post(url: string, body: string, headers: Record<string, string> = {}): Promise<void> {
  const res = await fetch(url, { method: 'POST', body, headers: { 'content-type': 'application/json', ...headers }, signal: AbortSignal.timeout(TIMEOUT_MS) });
  if (!res.ok) throw new Error(`${new URL(url).host} answered ${res.status}: ${(await res.text()).slice(0, 200)}`);
}

/** The operators' Telegram chat, written to by the bot (its token, the Bot API's sendMessage). */
export class TelegramAlertChannel implements AlertChannel {
  readonly name = 'telegram';
  constructor(private readonly opts: { apiUrl: string; botToken: string; chatId: string }) {}

  async send(alert: AlertRow): Promise<void> {
    const url = `${this.opts.apiUrl.replace(/\/$/, '')}/bot${this.opts.botToken}/sendMessage`;
    await post(url, JSON.stringify({ chat_id: this.opts.chatId, text: text(alert), disable_web_page_preview: true }));
  }
}

export class EmailAlertChannel implements AlertChannel {
  readonly name = 'email';
  constructor(
    private readonly mailer: Mailer,
    private readonly to: string[],
  ) {}

  async send(alert: AlertRow): Promise<void> {
    await this.mailer.send({ to: this.to.join(', '), subject: `[alert] ${alert.kind}`, text: `${text(alert)}\n` });
  }
}

/**
 * A POST of the alert as JSON. With a secret, `x-alert-signature: sha256=<hex HMAC of the body>` lets
 * the receiver check it came from us.
 */
export class WebhookAlertChannel implements AlertChannel {
  readonly name = 'webhook';
  constructor(private readonly opts: { url: string; secret: string | null }) {}

  async send(alert: AlertRow): Promise<void> {
    const body = JSON.stringify({
      id: alert.id,
      kind: alert.kind,
      message: alert.message,
      count: alert.count,
      openedAt: alert.createdAt.toISOString(),
      lastRaisedAt: alert.lastRaisedAt.toISOString(),
    });
    const signature: Record<string, string> = this.opts.secret
      ? { 'x-alert-signature': `sha256=${crypto.createHmac('sha256', this.opts.secret).update(body).digest('hex')}` }
      : {};
    await post(this.opts.url, body, signature);
  }
}

/** The alert job: sends one alert to one channel, unless it was resolved meanwhile. */
export async function deliverAlert(alerts: AlertService, channels: AlertChannel[], alertId: number, channel: AlertChannelName): Promise<void> {
  const target = channels.find((c) => c.name === channel);
  const alert = await alerts.byId(alertId);
  if (!target || !alert || alert.resolvedAt) return;
  await target.send(alert);
}
