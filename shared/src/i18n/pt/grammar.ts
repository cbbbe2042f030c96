/**
 * Portuguese contracts "em" with the country's article: "no Brasil", "na Nigéria", "nos Camarões",
 * "nas Filipinas", and "em Portugal" (no article). By country code; the rest take "em".
 */
const NO = new Set([
  'BR', 'MX', 'GB', 'CA', 'SN', 'PE', 'CL', 'JP', 'PK', 'BD', 'VN', 'NP', 'CG', 'GH', 'KE', 'MA', 'EG', 'PY', 'UY', 'EC', 'PA', 'TG', 'BJ', 'NE',
  'TD', 'GA', 'ML', 'ZW', 'IQ', 'IR', 'LB', 'KH', 'LA', 'QA', 'KW', 'YE', 'SD', 'HT', 'CR', 'MW',
]);
const NA = new Set([
  'NG', 'CO', 'IN', 'FR', 'ES', 'IT', 'DE', 'AR', 'CN', 'ZA', 'ET', 'TZ', 'CI', 'GN', 'VE', 'BO', 'DO', 'RU', 'TR', 'ID', 'MY', 'TH', 'SA', 'JM',
  'ZM', 'BE', 'CH', 'GR', 'PL', 'UA', 'KR', 'SO', 'LR', 'GT', 'NI', 'NA', 'AU', 'AT', 'SE', 'NO', 'FI', 'IE', 'CD', 'CF', 'GW', 'GQ', 'MN', 'JO',
]);
const NOS = new Set(['US', 'CM', 'AE', 'NL']);
const NAS = new Set(['PH', 'BS', 'MV', 'SC', 'KM']);

/** "no Brasil", "na Nigéria", "nos Estados Unidos", "em Portugal" (`name`: the country's Portuguese name). */
export function inCountry(code: string, name: string): string {
  const c = code.toUpperCase();
  if (NOS.has(c)) return `nos ${name}`;
  if (NAS.has(c)) return `nas ${name}`;
  if (NO.has(c)) return `no ${name}`;
  if (NA.has(c)) return `na ${name}`;
  return `em ${name}`;
}
