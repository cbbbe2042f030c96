import './legal.css';
import type { ReactNode } from 'react';
import { useQuery } from '@tanstack/react-query';
import { countriesQuery } from '../api/queries';
import { useI18n } from '../i18n/I18n';
import { intlLocale, type WebMessages } from '../shared';
import { ContactBlock } from '../site/components/ContactBlock';
import { SITE_NAME } from '../site/meta';

/** When the privacy policy's text took effect, and its version: the site's /privacy and the mini-app's privacy screen. */
export const PRIVACY_EFFECTIVE = { date: '2025-06-29', version: '1.0' };

type LegalSection = WebMessages['pages']['terms']['sections'][number];

export interface LegalTextProps {
  title: string;
  /** ISO date (YYYY-MM-DD) the text took effect, and its version: they change with the text, not with the language. */
  effective: { date: string; version: string };
  sections: LegalSection[];
  /** A table of contents of the numbered sections (in-page anchors: not in the mini-app, whose hash holds Telegram's launch parameters). */
  toc?: boolean;
  /** The link that ends a section saying `seeAlso` (the other legal page); without it the sentence is left out. */
  seeAlso?: ReactNode;
  /** The contact block's team name (else the privacy team's). */
  team?: string;
  /** On the site (the contact block links it and its chat), not in the mini-app: see ContactBlock. */
  onSite?: boolean;
}

/** A legal text (the site's /terms and /privacy, the mini-app's privacy screen): title, date and version, numbered sections from the catalog, the contact block. */
export function LegalText({ title, effective, sections, toc, seeAlso, team, onSite = true }: LegalTextProps) {
  const { web, locale } = useI18n();
  const countries = useQuery(countriesQuery());
  const params = { site: SITE_NAME, countries: countries.data?.length ?? null };
  // UTC: the date of the text, wherever the reader is.
  const date = new Intl.DateTimeFormat(intlLocale(locale), { dateStyle: 'long', timeZone: 'UTC' }).format(new Date(effective.date));
  return (
    <div className="legal">
      <h1>{title}</h1>
      <p className="muted">{web.pages.effective({ date, version: effective.version })}</p>
      {toc && (
        <nav aria-label={web.tma.sections} className="toc">
          <ol>
            {sections.map((s, i) => (
              <li key={i}>
                <a href={`#section-${i + 1}`}>{s.heading}</a>
              </li>
            ))}
          </ol>
        </nav>
      )}
      {sections.map((s, i) => (
        <section key={i} id={`section-${i + 1}`} aria-labelledby={`section-${i + 1}-h`}>
          <h2 id={`section-${i + 1}-h`}>
            {i + 1}. {s.heading}
          </h2>
          {s.items && (
            <ul>
              {s.items.map(([term, text]) => (
                <li key={term}>
                  <strong>{term}</strong> {text}
                </li>
              ))}
            </ul>
          )}
          {s.paragraphs.map((p, j) => (
            <p key={j}>
              {typeof p === 'string' ? p : p(params)}
              {s.seeAlso && seeAlso && j === s.paragraphs.length - 1 && (
                <>
                  {' '}
                  {s.seeAlso} {seeAlso}.
                </>
              )}
            </p>
          ))}
        </section>
      ))}
      <section aria-labelledby="contact-h" className="card">
        <h2 id="contact-h">{web.pages.contact.title}</h2>
        <ContactBlock team={team} onSite={onSite} />
      </section>
    </div>
  );
}
