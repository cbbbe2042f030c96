import { parsePhoneNumberFromString } from 'libphonenumber-js';
import { SANDBOX_OPERATORS, type SandboxOperator } from './operators';

/**
 * The sandbox's operator detection, a fixed rule rather than a lookup: among the country's airtime
 * operators, the one with the longest prefix (operators.ts) that the number's national number starts
 * with; otherwise null, as a provider answers a number it cannot place (an unknown prefix, or a country
 * with number portability, such as the US, whose operators list no prefixes at all). Orders check the
 * operator against it (a number placed with another operator is refused), so a guess would refuse
 * numbers that cannot be told apart.
 * E.g. Cameroon: 677… and 650… are MTN (53), 699… and 655… Orange (54), 662… nobody.
 */
export function detectSandboxOperator(phoneE164: string, countryCode: string): SandboxOperator | null {
  const candidates = SANDBOX_OPERATORS.filter((op) => op.countryCode === countryCode && op.plan !== 'data');
  const national = parsePhoneNumberFromString(phoneE164)?.nationalNumber ?? '';
  let best: { op: SandboxOperator; length: number } | null = null;
  for (const op of candidates) {
    for (const prefix of op.prefixes) {
      if (national.startsWith(prefix) && prefix.length > (best?.length ?? 0)) best = { op, length: prefix.length };
    }
  }
  return best?.op ?? null;
}
