import '../pages/pages.css';
import { useI18n } from '../../i18n/I18n';
import { intlLocale, type WebMessages } from '../../shared';
import { useCatalogCounts } from '../catalog-counts';
import { SITE_NAME, usePageMeta } from '../meta';
import { Link } from '../router';
import { ContactBlock } from './ContactBlock';

type LegalSection = WebMessages['pages']['terms']['sections'][number];

export interface LegalPageProps {
  title: string;
  description: string;
  /** ISO date (YYYY-MM-DD) the text took effect, and its version: they change with the text, not with the language. */
  effective: { date: string; version: string };
  sections: LegalSection[];
  /** A table of contents of the numbered sections. */
  toc?: boolean;
  /** The other legal page, linked from the section that says `seeAlso`. */
  other: { to: string; name: string };
  /** The contact block's team name (else the privacy team's). */
  team?: string;
}

/** A legal page (/terms, /privacy): title, date and version, numbered sections from the catalog, the contact block. */
export function LegalPage({ title, description, effective, sections, other, toc, team }: LegalPageProps) {
  const { web, locale } = useI18n();
  usePageMeta(title, description);
  const counts = useCatalogCounts();
  const params = { site: SITE_NAME, countries: counts.countries };
  // UTC: the date of the text, wherever the reader is.
  const date = new Intl.DateTimeFormat(intlLocale(locale), { dateStyle: 'long', timeZone: 'UTC' }).format(new Date(effective.date));
  return (
    <div className="page legal">
      <div className="container narrow">
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
                {s.seeAlso && j === s.paragraphs.length - 1 && (
                  <>
                    {' '}
                    {s.seeAlso} <Link to={other.to}>{other.name}</Link>.
                  </>
                )}
              </p>
            ))}
          </section>
        ))}
        <section aria-labelledby="contact-h" className="card">
          <h2 id="contact-h">{web.pages.contact.title}</h2>
          <ContactBlock team={team} />
        </section>
      </div>
    </div>
  );
}
