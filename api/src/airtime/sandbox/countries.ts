import { existsSync } from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';
import { getCountries, getCountryCallingCode } from 'libphonenumber-js';

/**
 * Every country a phone number can belong to, derived from libraries rather than typed in:
 * libphonenumber-js gives the codes (245 regions) and dial codes, the runtime's CLDR data
 * (Intl.DisplayNames) the English names, and country-flag-icons a 3:2 SVG flag for each.
 * CLDR rather than i18n-iso-countries for names: it has the everyday names people search for
 * ("United States", not "United States of America") and also names AC and TA, which the other lacks.
 */

interface SandboxCountry {
  code: string;
  name: string;
  callingCodes: string[];
  /** Whether country-flag-icons has its flag (it has all 245 today). */
  hasFlag: boolean;
}

// The package exports no path to its SVG files, only its package.json: the flags sit beside it.
const flagPackage = createRequire(import.meta.url).resolve('country-flag-icons/package.json');
const flagsDir = path.join(path.dirname(flagPackage), '3x2');
const englishNames = new Intl.DisplayNames(['en'], { type: 'region' });

export const SANDBOX_COUNTRIES: readonly SandboxCountry[] = getCountries()
  .map((code) => ({
    code,
    name: englishNames.of(code) ?? code,
    callingCodes: [`+${getCountryCallingCode(code)}`],
    hasFlag: flagSvgPath(code) !== null,
  }))
  .sort((a, b) => a.name.localeCompare(b.name, 'en'));

/** Absolute path of the country's SVG flag, for the API to serve; null when there is none. */
export function flagSvgPath(countryCode: string): string | null {
  // Only two capital letters, so a request can never name a file outside the flags folder.
  if (!/^[A-Z]{2}$/.test(countryCode)) return null;
  const file = path.join(flagsDir, `${countryCode}.svg`);
  return existsSync(file) ? file : null;
}
