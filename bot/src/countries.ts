import { flagEmoji, POPULAR_COUNTRY_CODES, type TCountry, countryNameIn, type Locale } from '@topup/shared';

/**
 * Finding a country from what a person types: its name in English or in their language, a common
 * short name (UK, USA), its two-letter code, or a name with a typo ("Camerun", "Filipines").
 */

export interface CountryChoice {
  id: number;
  code: string;
  /** English name, as the catalog has it. */
  name: string;
  dialCode: string;
}

export function toChoice(c: TCountry): CountryChoice {
  return { id: c.id, code: c.code, name: c.name, dialCode: c.dialCode };
}

/** "🇨🇲 Cameroon" in the user's language. */
export function countryLabel(locale: Locale, c: { code: string; name: string }): string {
  return `${flagEmoji(c.code)} ${countryNameIn(locale, c.code, c.name)}`;
}

/** The spec's popular countries that the catalog has, in the spec's order. */
export function popularCountries(countries: readonly TCountry[]): CountryChoice[] {
  return POPULAR_COUNTRY_CODES.map((code) => countries.find((c) => c.code === code))
    .filter((c): c is TCountry => c !== undefined)
    .map(toChoice);
}

const ALIASES: Record<string, string> = {
  uk: 'GB',
  'great britain': 'GB',
  britain: 'GB',
  england: 'GB',
  scotland: 'GB',
  wales: 'GB',
  usa: 'US',
  america: 'US',
  'united states of america': 'US',
  eeuu: 'US',
  'estados unidos': 'US',
  'etats unis': 'US',
  uae: 'AE',
  emirates: 'AE',
  'ivory coast': 'CI',
  'cote divoire': 'CI',
  'cote d ivoire': 'CI',
  drc: 'CD',
  'dr congo': 'CD',
  'south korea': 'KR',
  korea: 'KR',
  russia: 'RU',
  holland: 'NL',
  burma: 'MM',
  'czech republic': 'CZ',
  turkey: 'TR',
  brasil: 'BR',
  mexique: 'MX',
  'reino unido': 'GB',
  'royaume uni': 'GB',
};

export function normalize(text: string): string {
  return text
    .normalize('NFD')
    .replace(/\p{M}+/gu, '')
    .toLowerCase()
    .replace(/&/g, ' and ')
    .replace(/[^a-z0-9]+/g, ' ')
    .trim();
}

/** Optimal string alignment distance (Levenshtein with adjacent transpositions), bounded. */
export function editDistance(a: string, b: string, max = Infinity): number {
  if (Math.abs(a.length - b.length) > max) return max + 1;
  const rows: number[][] = [];
  for (let i = 0; i <= a.length; i++) {
    rows.push(new Array<number>(b.length + 1).fill(0));
    rows[i]![0] = i;
  }
  for (let j = 0; j <= b.length; j++) rows[0]![j] = j;
  for (let i = 1; i <= a.length; i++) {
    let best = Infinity;
    for (let j = 1; j <= b.length; j++) {
      const cost = a[i - 1] === b[j - 1] ? 0 : 1;
      let d = Math.min(rows[i - 1]![j]! + 1, rows[i]![j - 1]! + 1, rows[i - 1]![j - 1]! + cost);
      if (i > 1 && j > 1 && a[i - 1] === b[j - 2] && a[i - 2] === b[j - 1]) d = Math.min(d, rows[i - 2]![j - 2]! + 1);
      rows[i]![j] = d;
      best = Math.min(best, d);
    }
    if (best > max) return max + 1;
  }
  return rows[a.length]![b.length]!;
}

type CountryMatch = { kind: 'one'; country: CountryChoice } | { kind: 'many'; countries: CountryChoice[] } | { kind: 'none' };

const MAX_CANDIDATES = 6;

export function matchCountry(query: string, countries: readonly TCountry[], locale: Locale): CountryMatch {
  const q = normalize(query);
  if (!q) return { kind: 'none' };
  const byCode = (code: string) => countries.find((c) => c.code === code);
  if (/^[a-z]{2}$/.test(q)) {
    const c = byCode((ALIASES[q] ?? q).toUpperCase());
    if (c) return { kind: 'one', country: toChoice(c) };
  }
  const alias = ALIASES[q];
  if (alias && byCode(alias)) return { kind: 'one', country: toChoice(byCode(alias)!) };

  const entries = countries.map((c) => {
    const names = new Set([normalize(c.name), normalize(countryNameIn(locale, c.code, c.name)), normalize(countryNameIn('en', c.code, c.name))]);
    return { c, names: [...names].filter(Boolean) };
  });

  const exact = entries.filter((e) => e.names.includes(q));
  if (exact.length === 1) return { kind: 'one', country: toChoice(exact[0]!.c) };

  // Prefixes of the name or of one of its words ("congo" -> both Congos, "guin" -> the Guineas).
  if (q.length >= 3) {
    const prefixed = entries.filter((e) => e.names.some((n) => n.startsWith(q) || n.split(' ').some((w) => w.startsWith(q))));
    if (prefixed.length === 1) return { kind: 'one', country: toChoice(prefixed[0]!.c) };
    if (prefixed.length > 1) return { kind: 'many', countries: prefixed.slice(0, MAX_CANDIDATES).map((e) => toChoice(e.c)) };
  }

  // Typos: the closest names within a tolerance that grows with the length of what was typed.
  const tolerance = q.length <= 3 ? 0 : q.length <= 5 ? 1 : q.length <= 9 ? 2 : 3;
  if (tolerance === 0) return { kind: 'none' };
  const scored = entries
    .map((e) => ({
      c: e.c,
      d: Math.min(...e.names.flatMap((n) => [editDistance(q, n, tolerance), editDistance(q, n.slice(0, q.length), tolerance) + 1])),
    }))
    .filter((s) => s.d <= tolerance)
    .sort((a, b) => a.d - b.d || a.c.name.localeCompare(b.c.name));
  if (scored.length === 0) return { kind: 'none' };
  if (scored.length === 1 || scored[1]!.d > scored[0]!.d) return { kind: 'one', country: toChoice(scored[0]!.c) };
  return { kind: 'many', countries: scored.slice(0, MAX_CANDIDATES).map((s) => toChoice(s.c)) };
}

/**
 * A full international number: "+", or "00", then digits (spaces, dots, dashes and brackets allowed);
 * or, without them, 11 to 15 digits (longer than a national number: "237 677 12 34 56").
 */
export function internationalNumber(text: string): string | null {
  const trimmed = text.trim();
  if (/^(\+|00)\s*\d[\d\s().-]{5,}$/.test(trimmed)) return `+${trimmed.replace(/^00/, '').replace(/\D/g, '')}`;
  const digits = trimmed.replace(/\D/g, '');
  if (/^\d[\d\s().-]+$/.test(trimmed) && digits.length >= 11 && digits.length <= 15) return `+${digits}`;
  return null;
}
