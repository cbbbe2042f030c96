/**
 * The airtime-provider port. The catalog, pricing and fulfilment services speak only this; adapters
 * (Reloadly for production, the sandbox for the embedded default) translate to a provider's API.
 *
 * US-dollar amounts cross the port as integer cents. Local-currency amounts are numbers: they are only
 * shown to people (what the phone receives), never added up or charged.
 */

export type ServiceKind = 'airtime' | 'data';

export interface ProviderCountry {
  /** ISO 3166-1 alpha-2. */
  code: string;
  name: string;
  currencyCode: string | null;
  /** Calling codes with the plus sign, e.g. ["+237"]. */
  callingCodes: string[];
  flagUrl: string | null;
}

export interface ProviderOperator {
  operatorId: number;
  name: string;
  countryCode: string;
  /** Data bundles rather than airtime credit. */
  serviceType: ServiceKind;
  denominationType: 'FIXED' | 'RANGE';
  /** FIXED: the denominations, in US cents. */
  fixedAmountsCents: number[];
  /** FIXED: the local amount the phone receives for each denomination, same order. */
  localFixedAmounts: number[];
  /** FIXED: a description per denomination (bundles), same order; null where none. */
  fixedAmountDescriptions: (string | null)[];
  /** RANGE: limits in US cents (for FIXED, the smallest and largest denomination). */
  minAmountCents: number;
  maxAmountCents: number;
  /** RANGE: amounts the provider suggests, in US cents. */
  suggestedAmountsCents: number[];
  /** Local currency units per US dollar, for RANGE operators. */
  fxRate: number | null;
  localCurrencyCode: string | null;
  localCurrencySymbol: string | null;
  logoUrls: string[];
}

export interface ProviderPromotion {
  id: number;
  operatorId: number;
  title: string;
  description: string;
  /** Percent, when the promotion states one. */
  discount: number | null;
  startDate: string | null;
  endDate: string | null;
}

export interface TopupRequest {
  operatorId: number;
  amountCents: number;
  /** Digits of the national number and the country, as providers want them. */
  recipientPhone: { countryCode: string; number: string };
  /** Our order id: makes the top-up findable (and so never sent twice). */
  customIdentifier: string;
}

export type TopupStatus = 'SUCCESSFUL' | 'PROCESSING' | 'FAILED' | 'REFUNDED';

export interface TopupResult {
  status: TopupStatus;
  transactionId: string;
  customIdentifier: string | null;
  operatorTransactionId: string | null;
  deliveredAmount: number | null;
  deliveredCurrencyCode: string | null;
  pinDetail: Record<string, unknown> | null;
  message: string | null;
}

export interface ProviderBalance {
  balanceCents: number;
  currencyCode: string;
}

export interface AirtimeProvider {
  /** Shown wherever the provider is named; the sandbox says so. */
  readonly name: string;
  listCountries(): Promise<ProviderCountry[]>;
  /** Every operator of a country, airtime, data and bundles alike. */
  listOperators(countryCode: string): Promise<ProviderOperator[]>;
  getOperator(operatorId: number): Promise<ProviderOperator | null>;
  /** The operator of a number in E.164 form; null when the provider cannot tell. */
  detectOperator(phoneE164: string, countryCode: string): Promise<ProviderOperator | null>;
  /** What `amountCents` is worth in the operator's local currency. */
  fxRate(operatorId: number, amountCents: number): Promise<{ localAmount: number; currencyCode: string }>;
  listPromotions(): Promise<ProviderPromotion[]>;
  sendTopup(request: TopupRequest): Promise<TopupResult>;
  getTopupStatus(transactionId: string): Promise<TopupResult>;
  /** The top-up sent with this custom identifier, if any: asked before any retry. */
  findTopup(customIdentifier: string): Promise<TopupResult | null>;
  getBalance(): Promise<ProviderBalance>;
}

/** A provider refused or failed. `code` is the provider's error code (e.g. INSUFFICIENT_BALANCE). */
export class ProviderError extends Error {
  constructor(
    message: string,
    readonly code: string,
    /** The HTTP status the provider answered with; 0 when it could not be reached. */
    readonly httpStatus: number,
    /** Asking again later may succeed (network trouble, provider busy, balance to be refilled). */
    readonly retryable: boolean,
  ) {
    super(message);
    this.name = 'ProviderError';
  }
}

/** Provider error codes after which the same top-up may succeed later. */
export const RETRYABLE_PROVIDER_CODES = new Set([
  'NETWORK_ERROR',
  'PROVIDER_UNAVAILABLE',
  'TRANSACTION_CANNOT_BE_PROCESSED_AT_THE_MOMENT',
  'PHONE_RECENTLY_RECHARGED',
  'INSUFFICIENT_BALANCE',
  'TOKEN_EXPIRED',
  'INVALID_TOKEN',
]);
