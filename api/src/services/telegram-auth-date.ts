/**
 * How far ahead of this server's clock Telegram's `auth_date` may be: clocks differ by seconds, not
 * an hour. Data dated later was signed for the future (a leaked bot token, or a replay kept for later)
 * and would outlive the maximum age; it is refused like expired data.
 */
export const MAX_CLOCK_SKEW_SECONDS = 60;

/** Whether an `auth_date` (seconds since the epoch) lies beyond the allowed clock skew. */
export function datedInFuture(authDateSeconds: number, nowMs: number = Date.now()): boolean {
  return authDateSeconds > nowMs / 1000 + MAX_CLOCK_SKEW_SECONDS;
}
