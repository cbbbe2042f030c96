/**
 * French puts an article-bearing preposition before a country: "au Cameroun" (masculine, a
 * consonant), "en France" (feminine, or a vowel: "en Iran"), "aux États-Unis" (plural), "à Cuba"
 * (islands and city-states without an article). By country code; the rest take "en".
 */
const AUX = new Set(['US', 'NL', 'PH', 'AE', 'KM', 'MV', 'SC', 'BS', 'FJ', 'SB', 'MH']);
const A = new Set(['CU', 'MG', 'SG', 'MU', 'MT', 'CY', 'MC', 'BH', 'DJ', 'BN', 'TW', 'HK', 'MO', 'PR', 'ST', 'TT', 'AG', 'KN', 'LC', 'SM', 'NR', 'TV', 'KI', 'CV', 'HT', 'OM']);
const AU = new Set([
  'CM', 'MX', 'BR', 'NG', 'GB', 'CA', 'SN', 'ML', 'BF', 'NE', 'TD', 'GA', 'CG', 'BJ', 'TG', 'GH', 'KE', 'MA', 'PE', 'CL', 'VE', 'PT', 'JP', 'PK',
  'BD', 'VN', 'NP', 'SV', 'GT', 'HN', 'NI', 'PA', 'PY', 'DK', 'LU', 'RW', 'BI', 'MW', 'MZ', 'ZW', 'LB', 'KH', 'LA', 'QA', 'KW', 'YE', 'SD', 'SS',
  'BT', 'MM', 'KZ', 'KG', 'TJ', 'TM', 'LS', 'BW', 'LR', 'CR', 'BZ', 'SR', 'GY', 'VA', 'LI',
]);

/** "au Cameroun", "en France", "aux États-Unis", "à Cuba" (`name`: the country's French name). */
export function inCountry(code: string, name: string): string {
  const c = code.toUpperCase();
  if (AUX.has(c)) return `aux ${name.replace(/^(les|Les) /, '')}`;
  if (A.has(c)) return `à ${name}`;
  if (AU.has(c)) return `au ${name.replace(/^(le|Le) /, '')}`;
  return `en ${name.replace(/^(la|La|l’|l') ?/, '')}`;
}

