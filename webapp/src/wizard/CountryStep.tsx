import { useDeferredValue, useMemo, useState } from 'react';
import type { TCountry } from '@topup/shared';
import { useI18n } from '../i18n/I18n';
import { POPULAR_COUNTRY_CODES } from '../shared';
import { Flag } from './Flag';
import { Notice, TileSkeleton } from './Notice';

export interface CountryStepProps {
  countries: TCountry[] | undefined;
  loading: boolean;
  error: boolean;
  selectedId?: number;
  onSelect(country: TCountry): void;
  heading?: string;
}

const normalise = (text: string) =>
  text
    .normalize('NFD')
    .replace(/[\u0300-\u036f]/g, '')
    .toLowerCase();

/** Step 1: popular countries as tiles, and every country in a searchable list. */
export function CountryStep({ countries, loading, error, selectedId, onSelect, heading }: CountryStepProps) {
  const t = useI18n();
  const name = t.countryName;
  const [query, setQuery] = useState('');
  // A searchable dropdown (spec): the list opens with the search field, so the first screen renders
  // only the popular tiles.
  const [open, setOpen] = useState(false);
  const deferredQuery = useDeferredValue(query);
  const popular = useMemo(() => POPULAR_COUNTRY_CODES.flatMap((code) => countries?.find((c) => c.code === code) ?? []), [countries]);
  const matches = useMemo(() => {
    const q = normalise(deferredQuery.trim());
    if (!countries || !q) return countries ?? [];
    const digits = q.replace(/^\+/, '');
    return countries.filter(
      (c) =>
        normalise(c.name).includes(q) ||
        normalise(name(c)).includes(q) ||
        c.code.toLowerCase() === q ||
        (/^\d+$/.test(digits) && c.dialCode.replace('+', '').startsWith(digits)),
    );
  }, [countries, deferredQuery, name]);

  return (
    <section className="wz-step" aria-labelledby="wz-country-heading">
      <h2 id="wz-country-heading" className="wz-heading">
        {heading ?? t.web.selectCountry}
      </h2>
      {error ? (
        <Notice kind="error">{t.web.errorLoadingCountries}</Notice>
      ) : loading || !countries ? (
        <TileSkeleton count={8} />
      ) : (
        <>
          {popular.length > 0 && (
            <>
              <h3 className="wz-subheading">{t.web.popularCountries}</h3>
              <div className="wz-tiles wz-tiles-popular">
                {popular.map((c) => (
                  <button key={c.id} type="button" className="wz-tile" aria-pressed={c.id === selectedId} onClick={() => onSelect(c)}>
                    <Flag country={c} size={32} />
                    <span className="wz-tile-title">{name(c)}</span>
                  </button>
                ))}
              </div>
            </>
          )}
          <div className="wz-search">
            <input
              type="search"
              className="wz-input"
              placeholder={t.web.searchCountry}
              aria-label={t.web.searchCountryLabel}
              value={query}
              onChange={(e) => setQuery(e.target.value)}
              onFocus={() => setOpen(true)}
              autoComplete="off"
              enterKeyHint="search"
              aria-controls={open || query ? 'wz-country-list' : undefined}
            />
          </div>
          {!open && !query ? null : matches.length === 0 ? (
            <Notice>{t.web.noCountryFound}</Notice>
          ) : (
            <ul id="wz-country-list" className="wz-list" aria-label={t.web.countriesList}>
              {matches.map((c) => (
                <li key={c.id}>
                  <button type="button" className="wz-row" aria-pressed={c.id === selectedId} onClick={() => onSelect(c)}>
                    <Flag country={c} />
                    <span className="wz-row-title">{name(c)}</span>
                    <span className="wz-row-after">{c.dialCode}</span>
                  </button>
                </li>
              ))}
            </ul>
          )}
        </>
      )}
    </section>
  );
}
