import type { z } from 'zod';
import {
  CATALOG_FRESH_MS,
  ZAmountOption,
  ZCancelResponse,
  ZCountry,
  ZCryptoPriceResponse,
  ZDetectPhoneResponse,
  ZErrorBody,
  ZOperator,
  ZOrderView,
  ZPaymentCreated,
  ZPaymentStatus,
  ZPricingSettings,
  ZValidatePhoneResponse,
  type TAmountOption,
  type TCoinSymbol,
  type TCoinsResponse,
  ZCoinsResponse,
  type TCountry,
  type TCryptoPriceResponse,
  type TDetectPhoneResponse,
  type TOperator,
  type TOrderView,
  type TPaymentCreated,
  type TPaymentStatus,
  type TPricingSettings,
  type TServiceType,
  type TValidatePhoneResponse,
  ZBalance,
  ZNotifications,
  ZOk,
  ZSessionRead,
  type TBalance,
  type TNotification,
} from '@topup/shared';

/**
 * Typed client of the HTTP API, the bot's only source of data. Every response is parsed with the
 * shared schemas; a 4xx or 5xx becomes an ApiError carrying the API's code and message.
 */

export class ApiError extends Error {
  constructor(
    /** HTTP status; 0 when the API could not be reached or answered something unreadable. */
    readonly status: number,
    readonly code: string,
    message: string,
  ) {
    super(message);
    this.name = 'ApiError';
  }
}

/** The Telegram user a call is made for (the fields of grammY's `User` that the API reads). */
export interface TelegramIdentity {
  id: number;
  first_name?: string;
  last_name?: string;
}

export interface ApiClientOptions {
  baseUrl: string;
  /** BOT_API_SECRET, sent as x-service-token. */
  serviceToken: string;
  fetch?: typeof fetch;
  timeoutMs?: number;
  now?: () => number;
}

export interface CreatePaymentInput {
  amountCents: number;
  phoneNumber: string;
  operatorId: number;
  countryId: number;
  cryptoCurrency: TCoinSymbol;
}

/** 1234 -> "12.34": what the API's ZUsdCents reads back exactly. */
export function centsToDecimal(cents: number): string {
  return `${Math.floor(cents / 100)}.${String(cents % 100).padStart(2, '0')}`;
}

const PRICING_FRESH_MS = 60_000;
/** The API accepts names of at most 256 characters as sent (URI-encoded). */
const MAX_ENCODED_NAME = 256;

/** A name URI-encoded for a header, cut (whole characters) to what the API accepts. */
export function encodeName(name: string): string {
  const chars = [...name];
  let encoded = encodeURIComponent(name);
  while (encoded.length > MAX_ENCODED_NAME && chars.length > 0) {
    chars.pop();
    encoded = encodeURIComponent(chars.join(''));
  }
  return encoded;
}

export class TopupApi {
  private readonly fetchImpl: typeof fetch;
  private readonly timeoutMs: number;
  private readonly now: () => number;
  private readonly cache = new Map<string, { at: number; value: unknown }>();

  constructor(private readonly opts: ApiClientOptions) {
    this.fetchImpl = opts.fetch ?? fetch;
    this.timeoutMs = opts.timeoutMs ?? 15_000;
    this.now = opts.now ?? Date.now;
  }

  /** The calls made on behalf of one Telegram user (orders, balance). */
  as(user: TelegramIdentity): UserApi {
    return new UserApi(this, user);
  }

  // Catalog: read-only, the same for everyone, so kept in memory for the spec's freshness times.

  countries(): Promise<TCountry[]> {
    return this.cached('countries', CATALOG_FRESH_MS.countries, () => this.request('GET', '/api/countries', ZCountry.array()));
  }

  operators(countryCode: string): Promise<TOperator[]> {
    return this.cached(`operators:${countryCode}`, CATALOG_FRESH_MS.operators, () =>
      this.request('GET', `/api/countries/${encodeURIComponent(countryCode)}/operators`, ZOperator.array()),
    );
  }

  amounts(operatorId: number, serviceType: TServiceType): Promise<TAmountOption[]> {
    return this.cached(`amounts:${operatorId}:${serviceType}`, CATALOG_FRESH_MS.amounts, () =>
      this.request('GET', `/api/operators/${operatorId}/amounts?serviceType=${serviceType}`, ZAmountOption.array()),
    );
  }

  /** The coins offered now; they change only with the server's configuration. */
  coins(): Promise<TCoinsResponse> {
    return this.cached('coins', PRICING_FRESH_MS, () => this.request('GET', '/api/coins', ZCoinsResponse));
  }

  pricing(): Promise<TPricingSettings> {
    return this.cached('pricing', PRICING_FRESH_MS, () => this.request('GET', '/api/pricing', ZPricingSettings));
  }

  validatePhone(phoneNumber: string, countryCode: string): Promise<TValidatePhoneResponse> {
    return this.request('POST', '/api/validate/phone', ZValidatePhoneResponse, { body: { phoneNumber, countryCode } });
  }

  detectPhone(phoneNumber: string): Promise<TDetectPhoneResponse> {
    return this.request('POST', '/api/phone/detect', ZDetectPhoneResponse, { body: { phoneNumber } });
  }

  cryptoPrice(amountCents: number, crypto: TCoinSymbol): Promise<TCryptoPriceResponse> {
    const query = new URLSearchParams({ amount: centsToDecimal(amountCents), crypto });
    return this.request('GET', `/api/crypto/prices?${query}`, ZCryptoPriceResponse);
  }

  paymentStatus(orderId: number): Promise<TPaymentStatus> {
    return this.request('GET', `/api/payment-status/${orderId}`, ZPaymentStatus);
  }

  // The bot's own routes (service credential only).

  async readSession(key: string): Promise<unknown> {
    const { value } = await this.request('GET', `/api/bot/sessions/${encodeURIComponent(key)}`, ZSessionRead, { service: true });
    return value ?? undefined;
  }

  async writeSession(key: string, value: unknown): Promise<void> {
    await this.request('PUT', `/api/bot/sessions/${encodeURIComponent(key)}`, ZOk, { body: { value }, service: true });
  }

  async deleteSession(key: string): Promise<void> {
    await this.request('DELETE', `/api/bot/sessions/${encodeURIComponent(key)}`, ZOk, { service: true });
  }

  async takeNotifications(limit = 30): Promise<TNotification[]> {
    const { notifications } = await this.request('GET', `/api/bot/notifications?limit=${limit}`, ZNotifications, { service: true });
    return notifications;
  }

  async ackNotifications(ids: number[]): Promise<void> {
    if (ids.length === 0) return;
    await this.request('POST', '/api/bot/notifications/ack', ZOk, { body: { ids }, service: true });
  }

  /** The message showing the order in a chat: later notifications about the order edit it. */
  async registerOrderMessage(orderId: number, chatId: number, messageId: number): Promise<void> {
    await this.request('POST', `/api/bot/orders/${orderId}/message`, ZOk, { body: { chatId, messageId }, service: true });
  }

  /** @internal used by UserApi */
  async request<S extends z.ZodType>(
    method: string,
    path: string,
    schema: S,
    o: { body?: unknown; user?: TelegramIdentity; service?: boolean; headers?: Record<string, string> } = {},
  ): Promise<z.infer<S>> {
    const headers: Record<string, string> = { accept: 'application/json', ...o.headers };
    if (o.body !== undefined) headers['content-type'] = 'application/json';
    if (o.service || o.user) headers['x-service-token'] = this.opts.serviceToken;
    if (o.user) {
      headers['x-telegram-user-id'] = String(o.user.id);
      if (o.user.first_name) headers['x-telegram-first-name'] = encodeName(o.user.first_name);
      if (o.user.last_name) headers['x-telegram-last-name'] = encodeName(o.user.last_name);
    }
    let res: Response;
    let text: string;
    try {
      res = await this.fetchImpl(this.opts.baseUrl + path, {
        method,
        headers,
        body: o.body === undefined ? undefined : JSON.stringify(o.body),
        signal: AbortSignal.timeout(this.timeoutMs),
      });
      text = await res.text();
    } catch (err) {
      throw new ApiError(0, 'NETWORK', `The service could not be reached (${(err as Error).message})`);
    }
    let json: unknown;
    try {
      json = text ? JSON.parse(text) : undefined;
    } catch {
      throw new ApiError(res.ok ? 0 : res.status, 'BAD_RESPONSE', `Unreadable answer from the service (${res.status})`);
    }
    if (!res.ok) {
      const body = ZErrorBody.safeParse(json);
      throw body.success ? new ApiError(res.status, body.data.error.code, body.data.error.message) : new ApiError(res.status, 'HTTP_ERROR', `${res.status}: ${text.slice(0, 200)}`);
    }
    const parsed = schema.safeParse(json);
    if (!parsed.success) throw new ApiError(0, 'BAD_RESPONSE', `Unexpected answer from ${method} ${path.split('?')[0]}: ${parsed.error.issues[0]?.message ?? ''}`);
    return parsed.data;
  }

  private async cached<T>(key: string, freshMs: number, load: () => Promise<T>): Promise<T> {
    const hit = this.cache.get(key);
    if (hit && this.now() - hit.at < freshMs) return hit.value as T;
    const value = await load();
    this.cache.set(key, { at: this.now(), value });
    return value;
  }
}

export class UserApi {
  constructor(
    private readonly api: TopupApi,
    private readonly user: TelegramIdentity,
  ) {}

  /** POST /api/crypto-payment; the same idempotency key always gives the same order. */
  createPayment(input: CreatePaymentInput, idempotencyKey: string): Promise<TPaymentCreated> {
    const body = {
      amount: centsToDecimal(input.amountCents),
      phoneNumber: input.phoneNumber,
      operatorId: input.operatorId,
      countryId: input.countryId,
      cryptoCurrency: input.cryptoCurrency,
    };
    return this.api.request('POST', '/api/crypto-payment', ZPaymentCreated, { body, user: this.user, headers: { 'idempotency-key': idempotencyKey } });
  }

  /** Cancels an unpaid order of this user: the API checks that the user made it. */
  releaseWallet(paymentId: string): Promise<z.infer<typeof ZCancelResponse>> {
    return this.api.request('POST', '/api/release-wallet', ZCancelResponse, { body: { paymentId }, user: this.user });
  }

  orders(): Promise<TOrderView[]> {
    return this.api.request('GET', '/api/orders', ZOrderView.array(), { user: this.user });
  }

  balance(): Promise<TBalance> {
    return this.api.request('GET', '/api/balance', ZBalance, { user: this.user });
  }
}
