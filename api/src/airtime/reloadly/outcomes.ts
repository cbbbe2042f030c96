/**
 * Reloadly's answers about a top-up, in the port's words. Codes from Reloadly's Airtime error list
 * (docs: "Airtime Errors - Error Codes"), and those other integrations' production logs show on top-ups
 * (PROVIDER_INTERNAL_ERROR on a 500, RECIPIENT_HAS_PENDING_TRANSACTION, CUSTOM_IDENTIFIER_ALREADY_USED).
 * docs/operations.md ("Airtime: what each answer does") repeats these tables; keep the two together.
 */
import type { AccountProblem, ProviderError, TopupLookup, TopupOutcome } from '../provider';
import { NO_ANSWER, UNREADABLE } from './client';

const MINUTE = 60_000;

/** Refusals after which the same top-up may go through later; nothing was recorded. */
const RETRY_LATER: Record<string, { delayMs: number | null; needs?: AccountProblem }> = {
  // "A second recharge was attempted on a mobile number before the default waiting time of two minutes".
  PHONE_RECENTLY_RECHARGED: { delayMs: 2 * MINUTE },
  TRANSACTION_CANNOT_BE_PROCESSED_AT_THE_MOMENT: { delayMs: null },
  // "currently disabled or inactive": an operator outage, seen by the thousand in production logs. Its
  // twin is documented alike ("currently disabled, inactive or not in service on the platform"): an
  // outage passes, so both wait.
  OPERATOR_UNAVAILABLE_OR_CURRENTLY_INACTIVE: { delayMs: null },
  OPERATOR_NOT_IN_SERVICE: { delayMs: null },
  // Another top-up to the number is under way (not ours: ours is found by its custom identifier).
  RECIPIENT_HAS_PENDING_TRANSACTION: { delayMs: 2 * MINUTE },
  // Still refused after a fresh token.
  INVALID_TOKEN: { delayMs: null },
  TOKEN_EXPIRED: { delayMs: null },
  // Our account, not the customer's order: an operator must act; the order waits.
  INSUFFICIENT_BALANCE: { delayMs: null, needs: 'provider-balance' },
  MAX_DAILY_TRANSACTION_AMOUNT_REACHED: { delayMs: 30 * MINUTE, needs: 'provider-account' },
  MAX_DAILY_TRANSACTION_COUNT_REACHED: { delayMs: 30 * MINUTE, needs: 'provider-account' },
  INACTIVE_ACCOUNT: { delayMs: null, needs: 'provider-account' },
  ACCOUNT_NOT_FOUND: { delayMs: null, needs: 'provider-account' },
  INVALID_CREDENTIALS: { delayMs: null, needs: 'provider-account' },
};

/**
 * Refusals that leave it open whether a top-up is recorded: asked for by custom identifier. A reused
 * identifier means one is; TOPUP_TRANSACTION_FAILED is documented without saying which.
 */
const UNKNOWN = new Set(['CUSTOM_IDENTIFIER_ALREADY_USED', 'TOPUP_TRANSACTION_FAILED']);

/** Too many requests, whatever errorCode comes with it: nothing was recorded, and a minute later it may pass. */
const RATE_LIMITED_MS = MINUTE;

/**
 * Reasons no later try can fix (the number, the amount or the country is wrong), for a refusal and for
 * the `code` of a FAILED or REFUNDED top-up alike. A code in none of these lists is not taken as final:
 * it is tried again later and an operator is alerted to look at it (`unrecognised`).
 */
const FINAL = new Set([
  'COUNTRY_NOT_SUPPORTED',
  'INVALID_AMOUNT_FOR_OPERATOR',
  'INVALID_AMOUNT',
  'INVALID_RECIPIENT_PHONE',
  'INVALID_SENDER_PHONE',
  'INVALID_PHONE_NUMBER',
  'COULD_NOT_AUTO_DETECT_OPERATOR',
]);

/** FAILED: "wait 30 minutes before reinitiating the top-up. Funds are not debited" (Top-up status docs). */
const FAILED_RETRY_MS = 30 * MINUTE;

/** A refused (or unanswered) POST /topups-async. */
export function outcomeOfRefusal(error: ProviderError): TopupOutcome {
  const reason = `${error.code}: ${error.message}`;
  // A 5xx, a timeout or a lost connection: Reloadly may have recorded it. So may an answer we cannot read.
  if (error.httpStatus >= 500 || error.code === NO_ANSWER || error.code === UNREADABLE || UNKNOWN.has(error.code)) {
    return { kind: 'unknown', reason };
  }
  if (error.httpStatus === 429) return { kind: 'retry-later', transactionId: null, delayMs: RATE_LIMITED_MS, needs: null, reason };
  const later = RETRY_LATER[error.code];
  if (later) return { kind: 'retry-later', transactionId: null, delayMs: later.delayMs, needs: later.needs ?? null, reason };
  if (FINAL.has(error.code)) return { kind: 'failed-final', transactionId: null, reason };
  return { kind: 'retry-later', transactionId: null, delayMs: null, needs: null, unrecognised: true, reason };
}

/** A failed status or report call: a 404 is "no such top-up"; anything else leaves us not knowing. */
export function outcomeOfFailedLookup(error: ProviderError): TopupLookup {
  const reason = `${error.code}: ${error.message}`;
  return error.httpStatus === 404 ? { kind: 'not-found', reason } : { kind: 'unknown', reason };
}

/**
 * A top-up that Reloadly reports FAILED or REFUNDED: nothing was delivered and nothing is owed. A reason
 * no try can fix ends the order; otherwise (an operator's internal error, an outage: the documented
 * causes of both) the top-up is sent again after the 30 minutes Reloadly asks for.
 */
export function outcomeOfUnsuccessful(status: 'FAILED' | 'REFUNDED', transactionId: string, code: string | null, message: string | null): TopupOutcome {
  const reason = [status, code, message].filter(Boolean).join(': ');
  if (code && FINAL.has(code)) return { kind: 'failed-final', transactionId, reason };
  return { kind: 'retry-later', transactionId, delayMs: FAILED_RETRY_MS, needs: null, reason };
}
