import { describe, expect, it } from 'vitest';
import type { TCountry } from '@topup/shared';
import { editDistance, internationalNumber, matchCountry, popularCountries } from './countries';

const names = new Intl.DisplayNames(['en'], { type: 'region' });
const CODES = ['CM', 'CG', 'CD', 'NG', 'NE', 'GB', 'US', 'PH', 'CI', 'DE', 'FR', 'IN', 'MX', 'BR', 'CO', 'GN', 'GW', 'GQ', 'PG', 'AE'];
const COUNTRIES: TCountry[] = CODES.map((code, i) => ({ id: i + 1, code, name: names.of(code)!, dialCode: '+1', flag: '', currencyCode: null }));

const code = (q: string, locale: 'en' | 'fr' | 'es' | 'pt' = 'en') => {
  const m = matchCountry(q, COUNTRIES, locale);
  return m.kind === 'one' ? m.country.code : m.kind === 'many' ? m.countries.map((c) => c.code) : null;
};

describe('matchCountry', () => {
  it('finds a country by its name, in any case and without accents', () => {
    expect(code('cameroon')).toBe('CM');
    expect(code('  CAMEROON ')).toBe('CM');
    expect(code("cote d'ivoire")).toBe('CI');
    expect(code('Niger')).toBe('NE');
    expect(code('Nigeria')).toBe('NG');
  });

  it('forgives typos', () => {
    expect(code('Camerun')).toBe('CM');
    expect(code('Nigerai')).toBe('NG');
    expect(code('Phillipines')).toBe('PH');
    expect(code('Untied Kingdom')).toBe('GB');
  });

  it('knows codes and common short names, and names in the user language', () => {
    expect(code('uk')).toBe('GB');
    expect(code('USA')).toBe('US');
    expect(code('de')).toBe('DE');
    expect(code('Allemagne', 'fr')).toBe('DE');
    expect(code('Alemanha', 'pt')).toBe('DE');
    expect(code('Reino Unido', 'es')).toBe('GB');
  });

  it('offers the candidates when several fit, and nothing when none does', () => {
    expect(code('congo')).toEqual(expect.arrayContaining(['CG', 'CD']));
    expect(code('guinea')).toBe('GN');
    expect(code('guin')).toEqual(expect.arrayContaining(['GN', 'GW', 'GQ', 'PG']));
    expect(code('Atlantis')).toBeNull();
    expect(code('zz')).toBeNull();
  });

  it('lists the popular countries in the spec order', () => {
    expect(popularCountries(COUNTRIES).map((c) => c.code)).toEqual(['US', 'MX', 'IN', 'PH', 'NG', 'BR', 'CO', 'GB']);
  });
});

describe('internationalNumber', () => {
  it('reads + or 00 numbers with separators', () => {
    expect(internationalNumber('+237 671 23 45 67')).toBe('+237671234567');
    expect(internationalNumber('00234 (803) 123-4567')).toBe('+2348031234567');
    expect(internationalNumber('671234567')).toBeNull();
    expect(internationalNumber('237-677-123-456')).toBe('+237677123456');
    expect(internationalNumber('Cameroon')).toBeNull();
  });
});

it('editDistance counts a swap as one edit and stops early past the bound', () => {
  expect(editDistance('nigeria', 'nigeria')).toBe(0);
  expect(editDistance('nigerai', 'nigeria')).toBe(1);
  expect(editDistance('abc', 'xyz')).toBe(3);
  expect(editDistance('abcdefgh', 'zzzzzzzz', 2)).toBe(3);
});
