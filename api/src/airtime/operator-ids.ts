/**
 * The spec's clients send and receive a numeric `operatorId`; inside the port an operator id is the
 * provider's own text. Both adapters have decimal ids, so the number is the id itself. A provider whose
 * ids are not decimal would need a table of numbers here; it is refused loudly rather than guessed.
 */
export function wireOperatorId(providerId: string): number {
  const id = /^\d{1,15}$/.test(providerId) ? Number(providerId) : NaN;
  if (!Number.isSafeInteger(id) || id <= 0) throw new RangeError(`Operator id ${providerId} has no numeric form for the API`);
  return id;
}

export function providerOperatorId(wireId: number): string {
  if (!Number.isSafeInteger(wireId) || wireId <= 0) throw new RangeError(`Not an operator id: ${wireId}`);
  return String(wireId);
}
