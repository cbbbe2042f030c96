/** Countries whose English name takes "the": in the United States, in the Philippines. */
const WITH_THE = new Set(['US', 'GB', 'PH', 'NL', 'AE', 'DO', 'CF', 'CD', 'BS', 'GM', 'MV', 'KM', 'MH', 'SB', 'VA', 'CZ']);

/** "in Cameroon", "in the United States" (`name`: the country's English name). */
export function inCountry(code: string, name: string): string {
  return WITH_THE.has(code.toUpperCase()) && !/^the /i.test(name) ? `in the ${name}` : `in ${name}`;
}
