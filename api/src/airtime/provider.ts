/**
 * The airtime-provider port. The catalog and fulfilment services speak only this; each adapter
 * (Reloadly for production, the sandbox for the embedded default) translates its provider's API and
 * error codes into it, so nothing outside an adapter knows a provider's codes. Adapters are registered
 * in registry.ts.
 *
 * US-dollar amounts cross the port as integer cents. Local-currency amounts are numbers: they are only
 * shown to people (what the phone receives), never added up or charged. Operator ids are the
 * provider's own, as text (operator-ids.ts turns them into the spec's numeric `operatorId`).
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
  operatorId: string;
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

/**
 * An operator's promotion as its provider announces it: a bonus the operator adds to the top-up
 * (more airtime, free data), never a cut in what the customer pays, which is always the quote.
 */
export interface ProviderPromotion {
  id: number;
  operatorId: string;
  title: string;
  description: string;
  startDate: string | null;
  endDate: string | null;
}

export interface TopupRequest {
  operatorId: string;
  amountCents: number;
  /** Digits of the national number and the country, as providers want them. */
  recipientPhone: { countryCode: string; number: string };
  /** Names the top-up at the provider (never used twice): makes it findable, so it is never sent twice. */
  customIdentifier: string;
}

/**
 * What is known of a top-up, in the port's words. `reason` is the provider's own explanation (its code
 * and message), kept as text for logs and the admin; nothing outside the adapter reads meaning into it.
 *
 * - processing: accepted; ask again later.
 * - delivered: the phone has it.
 * - failed-final: it cannot be delivered, now or later (the order fails and its value is credited).
 * - retry-later: nothing was delivered and nothing is owed; the same top-up may go through later, after
 *   `delayMs` when the provider says how long. From `sendTopup` nothing was recorded, so the same
 *   custom identifier may be sent again; from a lookup, that recorded top-up is over and a new one (a
 *   new identifier) may be sent. `needs` names a problem of our own account an operator must fix.
 * - unknown: the provider may or may not have it (a 5xx, a timeout, a connection error, an answer we
 *   cannot read). Resolved by asking for the custom identifier before anything is sent again.
 */
export type TopupOutcome =
  | { kind: 'processing'; transactionId: string; reason: string | null }
  | {
      kind: 'delivered';
      transactionId: string;
      operatorTransactionId: string | null;
      deliveredAmount: number | null;
      deliveredCurrencyCode: string | null;
      /** Every value as text: a long PIN must keep every digit. */
      pinDetail: Record<string, string | null> | null;
      reason: string | null;
    }
  | { kind: 'failed-final'; transactionId: string | null; reason: string }
  | { kind: 'retry-later'; transactionId: string | null; delayMs: number | null; needs: AccountProblem | null; reason: string }
  | { kind: 'unknown'; reason: string };

/** What only an operator of our provider account can fix: the order waits and an admin is alerted. */
export type AccountProblem = 'provider-balance' | 'provider-account';

/** A lookup also answers that the provider has no such top-up. */
export type TopupLookup = TopupOutcome | { kind: 'not-found'; reason: string };

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
  getOperator(operatorId: string): Promise<ProviderOperator | null>;
  /** The operator of a number in E.164 form; null when the provider cannot tell. */
  detectOperator(phoneE164: string, countryCode: string): Promise<ProviderOperator | null>;
  /** What `amountCents` is worth in the operator's local currency. */
  fxRate(operatorId: string, amountCents: number): Promise<{ localAmount: number; currencyCode: string }>;
  listPromotions(): Promise<ProviderPromotion[]>;
  /** Never throws for the provider's reasons: every answer, or its absence, is an outcome. */
  sendTopup(request: TopupRequest): Promise<TopupOutcome>;
  getTopupStatus(transactionId: string): Promise<TopupLookup>;
  /** The top-up sent with this custom identifier: asked before anything is sent again. */
  findTopup(customIdentifier: string): Promise<TopupLookup>;
  getBalance(): Promise<ProviderBalance>;
}

/** A catalog or account call failed. `code` is the provider's own, for logs only. */
export class ProviderError extends Error {
  constructor(
    message: string,
    readonly code: string,
    /** The HTTP status the provider answered with; 0 when it could not be reached. */
    readonly httpStatus: number,
  ) {
    super(message);
    this.name = 'ProviderError';
  }
}
