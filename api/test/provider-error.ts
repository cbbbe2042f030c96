import { expect } from 'vitest';
import { ProviderError } from '../src/airtime/provider';

/** The ProviderError a catalog or account call rejects with (the test fails if it resolves). */
export async function providerError(promise: Promise<unknown>): Promise<ProviderError> {
  const error = await promise.then(
    () => null,
    (e: unknown) => e,
  );
  expect(error).toBeInstanceOf(ProviderError);
  return error as ProviderError;
}
