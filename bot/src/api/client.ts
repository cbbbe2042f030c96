import {
  type Locale,
  API,
  ApiError,
  BALANCE_TOPUP_PHONE,
  BOT_API,
  CATALOG_FRESH_MS,
  centsToDecimal,
  createApiClient,
  type Target,
  type ApiClient,
  type TAmountOption,
  type TBalance,
  type TCancelResponse,
  type TCoinSymbol,
  type TCountry,
  type TDetectPhoneResponse,
  type TNotification,
  type TOpenOrderMessages,
  type TOperator,
  type TOrderView,
  type TPaymentOptionsResponse,
  type TPaymentCreated,
  type TPaymentStatus,
  type TPricingSettings,
  type TQuote,
  type TServiceType,
  type TValidatePhoneResponse,
  type TOrderKind,
  type TOrderStory,
  type TRecipient,
  endpoint,
  ZBalanceOrderCreated,
  ZCryptoPaymentRequest,
  type TBalanceOrderCreated,
} from '@topup/shared';

/**
 * The bot's side of the shared client, its only source of data: the API's base URL, its service
 * credential on its own routes and on the calls it makes for a Telegram user, and an in-memory cache
 * of the catalog. A failure is the shared ApiError (status 0: the API could not be reached), or the
 * error of an answer the shared schemas refuse.
 */
export { ApiError };

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
  /** The chat's language: the order's receipts are written in it. */
  locale: Locale;
  /** The customer keeps the operator they chose though the number looks like another's (OPERATOR_MISMATCH). */
  operatorConfirmed?: boolean;
}

/** POST /api/crypto-payment with `paymentMethod: 'balance'`: its answer is the paid order, not a payment to make. */
const PAY_FROM_BALANCE = endpoint({ method: 'POST', path: '/api/crypto-payment', body: ZCryptoPaymentRequest, response: ZBalanceOrderCreated });

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

/** The bot's own routes answer only to its service credential. */
const SERVICE_ROUTES: ReadonlySet<Target> = new Set(Object.values(BOT_API));

export class TopupApi {
  private readonly client: ApiClient;
  private readonly now: () => number;
  private readonly cache = new Map<string, { at: number; value: unknown }>();

  constructor(private readonly opts: ApiClientOptions) {
    this.now = opts.now ?? Date.now;
    const fetchImpl = opts.fetch ?? fetch;
    const timeoutMs = opts.timeoutMs ?? 15_000;
    this.client = createApiClient({
      baseUrl: opts.baseUrl,
      // No answer in time, or none at all: the bot tells the user the service is unavailable (status 0).
      fetch: (url, init) =>
        fetchImpl(url, { ...init, signal: AbortSignal.timeout(timeoutMs) }).catch((err: Error) => {
          throw new ApiError(0, 'NETWORK', null, `The service could not be reached (${err.message})`, { cause: err });
        }),
      headers: (endpoint): Record<string, string> => (SERVICE_ROUTES.has(endpoint) ? { 'x-service-token': opts.serviceToken } : {}),
    });
  }

  /** The calls made on behalf of one Telegram user (orders, balance). */
  as(user: TelegramIdentity): UserApi {
    const headers: Record<string, string> = { 'x-service-token': this.opts.serviceToken, 'x-telegram-user-id': String(user.id) };
    if (user.first_name) headers['x-telegram-first-name'] = encodeName(user.first_name);
    if (user.last_name) headers['x-telegram-last-name'] = encodeName(user.last_name);
    return new UserApi(this.client, headers);
  }

  // Catalog: read-only, the same for everyone, so kept in memory for the spec's freshness times.

  countries(): Promise<TCountry[]> {
    return this.cached('countries', CATALOG_FRESH_MS.countries, () => this.client.request(API.countries));
  }

  operators(countryCode: string): Promise<TOperator[]> {
    return this.cached(`operators:${countryCode}`, CATALOG_FRESH_MS.operators, () => this.client.request(API.operators, { params: { country: countryCode } }));
  }

  amounts(operatorId: number, serviceType: TServiceType): Promise<TAmountOption[]> {
    return this.cached(`amounts:${operatorId}:${serviceType}`, CATALOG_FRESH_MS.amounts, () =>
      this.client.request(API.amounts, { params: { operatorId, serviceType } }),
    );
  }

  /**
   * The coins offered now, by asset then network, with each network's typical fee: the offer changes
   * only with the server's configuration, the fees at most once a minute.
   */
  paymentOptions(): Promise<TPaymentOptionsResponse> {
    // The bot is a Telegram surface: it offers only the networks Telegram's rules allow there.
    return this.cached('payment-options', PRICING_FRESH_MS, () => this.client.request(API.telegramPaymentOptions));
  }

  pricing(): Promise<TPricingSettings> {
    return this.cached('pricing', PRICING_FRESH_MS, () => this.client.request(API.pricing));
  }

  /** The server's price of an order of `amountCents` (fee, total), with the total in `coin` when given; a recharge unless `kind` says otherwise. */
  quote(amountCents: number, coin?: TCoinSymbol, kind?: TOrderKind): Promise<TQuote> {
    return this.client.request(API.quote, { params: { amount: centsToDecimal(amountCents), coin, kind } });
  }

  /** The recharge that gives the recipient `localAmount` (decimal text in the operator's currency) on a range operator. */
  quoteLocal(localAmount: string, operatorId: number): Promise<TQuote> {
    return this.client.request(API.quote, { params: { localAmount, operatorId } });
  }

  // The bot's own routes (service credential only).

  /** A stored value and its version (0: none). */
  async readSession(key: string): Promise<{ value: unknown; version: number }> {
    const { value, version } = await this.client.request(BOT_API.readSession, { params: { key } });
    return { value: value ?? undefined, version };
  }

  /** Saves over the version read; a 409 ApiError when another instance saved since. Returns the new version. */
  async writeSession(key: string, value: unknown, version: number): Promise<number> {
    return (await this.client.request(BOT_API.writeSession, { params: { key }, body: { value, version } })).version;
  }

  /** Deletes a value; with the version read, only if no other instance saved since. */
  async deleteSession(key: string, version?: number): Promise<void> {
    await this.client.request(BOT_API.deleteSession, { params: { key, version } });
  }

  async takeNotifications(limit = 30): Promise<TNotification[]> {
    const { notifications } = await this.client.request(BOT_API.takeNotifications, { params: { limit } });
    return notifications;
  }

  async ackNotifications(ids: number[]): Promise<void> {
    if (ids.length === 0) return;
    await this.client.request(BOT_API.ackNotifications, { body: { ids } });
  }

  /** The registered messages of orders that may still move, made within the last `hours`. */
  async openOrderMessages(hours: number): Promise<TOpenOrderMessages['messages']> {
    return (await this.client.request(BOT_API.openOrderMessages, { params: { hours } })).messages;
  }

  /** The message showing the order in a chat: later notifications about the order edit it. */
  async registerOrderMessage(orderId: number, chatId: number, messageId: number): Promise<void> {
    await this.client.request(BOT_API.orderMessage, { params: { orderId }, body: { chatId, messageId } });
  }

  private async cached<T>(key: string, freshMs: number, load: () => Promise<T>): Promise<T> {
    const hit = this.cache.get(key);
    if (hit && this.now() - hit.at < freshMs) return hit.value as T;
    const value = await load();
    this.cache.set(key, { at: this.now(), value });
    return value;
  }
}

function paymentBody(input: CreatePaymentInput) {
  return {
    amount: centsToDecimal(input.amountCents),
    phoneNumber: input.phoneNumber,
    operatorId: input.operatorId,
    countryId: input.countryId,
    cryptoCurrency: input.cryptoCurrency,
    locale: input.locale,
    ...(input.operatorConfirmed ? { operatorConfirmed: true } : {}),
  };
}

/** Calls for one Telegram user: the service credential and the user's id and names ride along. */
export class UserApi {
  constructor(
    private readonly client: ApiClient,
    private readonly headers: Record<string, string>,
  ) {}

  /**
   * Phone checks are limited per client: the service credential and the user's id make the API count
   * them per Telegram user, not against the one address every user of the bot shares.
   */
  validatePhone(phoneNumber: string, countryCode: string): Promise<TValidatePhoneResponse> {
    return this.client.request(API.validatePhone, { body: { phoneNumber, countryCode }, headers: this.headers });
  }

  detectPhone(phoneNumber: string): Promise<TDetectPhoneResponse> {
    return this.client.request(API.detectPhone, { body: { phoneNumber }, headers: this.headers });
  }

  /** POST /api/crypto-payment; the same idempotency key always gives the same order. */
  createPayment(input: CreatePaymentInput, idempotencyKey: string): Promise<TPaymentCreated> {
    return this.client.request(API.createPayment, { body: paymentBody(input), headers: { ...this.headers, 'idempotency-key': idempotencyKey } });
  }

  /** A top-up of the user's own balance, paid on chain: the spec's order for the phone 'balance_topup' (no operator, no fee). */
  topUpBalance(input: { amountCents: number; cryptoCurrency: TCoinSymbol; locale: Locale }, idempotencyKey: string): Promise<TPaymentCreated> {
    const body = { amount: centsToDecimal(input.amountCents), phoneNumber: BALANCE_TOPUP_PHONE, cryptoCurrency: input.cryptoCurrency, locale: input.locale };
    return this.client.request(API.createPayment, { body, headers: { ...this.headers, 'idempotency-key': idempotencyKey } });
  }

  /** The same recharge paid from the user's balance (debited and paid at once; the API refuses a balance too low). */
  payFromBalance(input: CreatePaymentInput, idempotencyKey: string): Promise<TBalanceOrderCreated> {
    const body = { ...paymentBody(input), paymentMethod: 'balance' as const };
    return this.client.request(PAY_FROM_BALANCE, { body, headers: { ...this.headers, 'idempotency-key': idempotencyKey } });
  }

  /** The status of one of this user's orders by its number (the API answers only the order's owner). */
  paymentStatus(orderId: number): Promise<TPaymentStatus> {
    return this.client.request(API.paymentStatus, { params: { orderId }, headers: this.headers });
  }

  /** The order story (what arrived, where its value went, the next action) of one of this user's orders. */
  orderStory(ref: number | string): Promise<TOrderStory> {
    return this.client.request(API.orderStory, { params: { ref }, headers: this.headers });
  }

  async recipients(): Promise<TRecipient[]> {
    return (await this.client.request(API.recipients, { headers: this.headers })).recipients;
  }

  renameRecipient(id: string, name: string | null): Promise<TRecipient> {
    return this.client.request(API.renameRecipient, { params: { id }, body: { name }, headers: this.headers });
  }

  async removeRecipient(id: string): Promise<void> {
    await this.client.request(API.removeRecipient, { params: { id }, headers: this.headers });
  }

  /**
   * Cancels an unpaid order of this user (the explicit Cancel: leaving is not cancelling): the API
   * checks that the user made it, and refuses (409, its message as is) once funds arrived.
   */
  cancelPayment(paymentId: string): Promise<TCancelResponse> {
    return this.client.request(API.cancelTransaction, { body: { paymentId }, headers: this.headers });
  }

  orders(): Promise<TOrderView[]> {
    return this.client.request(API.orders, { headers: this.headers });
  }

  /** The balance in cents. */
  balance(): Promise<TBalance> {
    return this.client.request(API.balance, { headers: this.headers });
  }
}
