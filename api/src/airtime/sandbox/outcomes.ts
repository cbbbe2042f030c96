/**
 * How a sandbox top-up ends, chosen by the last four digits of the recipient's national number, so
 * tests and demos can reach every path of fulfilment:
 *
 * | Ends in | Outcome                                                                            |
 * |---------|------------------------------------------------------------------------------------|
 * | 0001    | FAILED: recorded, nothing charged                                                  |
 * | 0002    | REFUNDED: recorded, nothing charged                                                |
 * | 0003    | slow: PROCESSING until `slowMs` has passed, then SUCCESSFUL                        |
 * | 0004    | throws PHONE_RECENTLY_RECHARGED (retryable); nothing recorded                      |
 * | 0005    | throws INSUFFICIENT_BALANCE (retryable); nothing recorded                          |
 * | 0006    | throws TRANSACTION_CANNOT_BE_PROCESSED_AT_THE_MOMENT (retryable); nothing recorded |
 * | other   | SUCCESSFUL at once, charged to the sandbox balance                                 |
 *
 * docs/sandbox-provider.md repeats this table; keep the two together.
 */

export type SandboxOutcome =
  | { kind: 'SUCCESSFUL' | 'SLOW' | 'FAILED' | 'REFUNDED' }
  | { kind: 'ERROR'; code: string; message: string };

const BY_ENDING: Record<string, SandboxOutcome> = {
  '0001': { kind: 'FAILED' },
  '0002': { kind: 'REFUNDED' },
  '0003': { kind: 'SLOW' },
  '0004': { kind: 'ERROR', code: 'PHONE_RECENTLY_RECHARGED', message: 'this number was topped up moments ago' },
  '0005': { kind: 'ERROR', code: 'INSUFFICIENT_BALANCE', message: 'the provider account balance is too low' },
  '0006': {
    kind: 'ERROR',
    code: 'TRANSACTION_CANNOT_BE_PROCESSED_AT_THE_MOMENT',
    message: 'the operator cannot process top-ups at the moment',
  },
};

export function outcomeFor(nationalNumber: string): SandboxOutcome {
  return BY_ENDING[nationalNumber.slice(-4)] ?? { kind: 'SUCCESSFUL' };
}
