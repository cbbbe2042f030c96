/**
 * How a sandbox top-up ends, chosen by the last four digits of the recipient's national number, so
 * tests and demos can reach every path of fulfilment. The sandbox speaks the port's outcomes directly.
 *
 * | Ends in | Outcome                                                                                 |
 * |---------|-----------------------------------------------------------------------------------------|
 * | 0001    | failed-final: the operator rejected it (recorded, nothing charged)                      |
 * | 0002    | failed-final: failed and refunded (recorded, nothing charged)                           |
 * | 0003    | slow: processing until `slowMs` has passed, then delivered                              |
 * | 0004    | retry-later in 2 minutes: the number was topped up moments ago; nothing recorded        |
 * | 0005    | retry-later: the provider balance is too low (an admin must act); nothing recorded      |
 * | 0006    | retry-later: the operator cannot process top-ups at the moment; nothing recorded        |
 * | other   | delivered at once, charged to the sandbox balance                                       |
 *
 * docs/sandbox-provider.md repeats this table; keep the two together.
 */
import type { AccountProblem } from '../provider';

type SandboxOutcome =
  { kind: 'SUCCESSFUL' | 'SLOW' | 'FAILED' | 'REFUNDED' } | { kind: 'REFUSED'; reason: string; delayMs: number | null; needs: AccountProblem | null };

const BY_ENDING: Record<string, SandboxOutcome> = {
  '0001': { kind: 'FAILED' },
  '0002': { kind: 'REFUNDED' },
  '0003': { kind: 'SLOW' },
  '0004': { kind: 'REFUSED', reason: 'PHONE_RECENTLY_RECHARGED: this number was topped up moments ago', delayMs: 2 * 60_000, needs: null },
  '0005': { kind: 'REFUSED', reason: 'INSUFFICIENT_BALANCE: the provider account balance is too low', delayMs: null, needs: 'provider-balance' },
  '0006': {
    kind: 'REFUSED',
    reason: 'TRANSACTION_CANNOT_BE_PROCESSED_AT_THE_MOMENT: the operator cannot process top-ups at the moment',
    delayMs: null,
    needs: null,
  },
};

export function outcomeFor(nationalNumber: string): SandboxOutcome {
  return BY_ENDING[nationalNumber.slice(-4)] ?? { kind: 'SUCCESSFUL' };
}
