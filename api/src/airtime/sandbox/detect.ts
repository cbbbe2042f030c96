import { parsePhoneNumberFromString } from 'libphonenumber-js';
import { SANDBOX_OPERATORS, type SandboxOperator } from './operators';

/**
 * The sandbox's operator detection, a fixed rule rather than a lookup:
 * 1. among the country's airtime operators, the one with the longest prefix (operators.ts) that the
 *    number's national number starts with;
 * 2. otherwise the country's first airtime operator, the guess a real provider makes for its largest
 *    network (countries with number portability, such as the US, list no prefixes at all);
 * 3. null when the sandbox has no operator in the country.
 * E.g. Cameroon: 677… and 650… are MTN (53), 699… and 655… Orange (54), anything else MTN.
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
  return best?.op ?? candidates[0] ?? null;
}
