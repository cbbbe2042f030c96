import './marketing.css';
import { usePageMeta } from '../meta';
import { Link } from '../router';
import { useCatalogCounts } from '../catalog-counts';
import { FeatureCards, Hero, MarketingSection } from '../components/Marketing';
import { useI18n } from '../../i18n/I18n';
import { SITE_NAME } from '../meta';

/** Home (spec section 2): hero, How It Works, Why Choose, closing call to action. Counts are live. */
export default function Home() {
  const counts = useCatalogCounts();
  const t = useI18n();
  const h = t.web.home;
  usePageMeta('', t.web.pages.homeDescription);
  const shown = (count: number | null | undefined) => (count == null ? '…' : String(count));

  return (
    <div className="marketing">
      <Hero
        eyebrow={h.eyebrow}
        title={h.title}
        text={h.heroText({ countries: counts.countries, coins: counts.offered?.coinNames ?? null })}
        actions={
          <>
            <Link to="/recharge" className="btn btn-primary btn-large">
              {t.web.rechargeNow}
            </Link>
            <button
              type="button"
              className="btn btn-ghost btn-large"
              onClick={() => document.getElementById('how-it-works')?.scrollIntoView({ behavior: 'smooth' })}
            >
              {h.howItWorks}
            </button>
          </>
        }
      >
        <dl className="stats" aria-busy={(counts.countries === null && !counts.countriesFailed) || (counts.offered === null && !counts.coinsFailed)}>
          {!counts.countriesFailed && (
            <div>
              <dt>{h.statCountries}</dt>
              <dd data-testid="count-countries">{shown(counts.countries)}</dd>
            </div>
          )}
          {!counts.coinsFailed && (
            <>
              <div>
                <dt>{h.statCoins}</dt>
                <dd data-testid="count-coins">{shown(counts.offered?.coins)}</dd>
              </div>
              <div>
                <dt>{h.statChains}</dt>
                <dd>{shown(counts.offered?.chains)}</dd>
              </div>
            </>
          )}
          <div>
            <dt>{h.statMinutes}</dt>
            <dd>6</dd>
          </div>
        </dl>
      </Hero>

      <MarketingSection id="how-it-works" headingId="how-heading" title={h.howItWorks}>
        <p className="section-lead">{h.howLead}</p>
        <ol className="steps">
          {[
            [h.step1Title, h.step1Body],
            [h.step2Title, h.step2Body],
            [h.step3Title, h.step3Body],
          ].map(([title, body], i) => (
            <li key={title}>
              <span className="step-number">{i + 1}</span>
              <h3>{title}</h3>
              <p>{body}</p>
            </li>
          ))}
        </ol>
      </MarketingSection>

      <MarketingSection headingId="why-heading" title={h.whyChoose({ site: SITE_NAME })} soft>
        <FeatureCards
          cards={[
            { icon: '🌍', title: h.coverageTitle, body: h.coverageBody({ countries: counts.countries }) },
            { icon: '🪙', title: h.cryptoTitle, body: h.cryptoBody(counts.offered) },
            { icon: '⚡', title: h.instantTitle, body: h.instantBody },
            { icon: '💬', title: h.supportTitle, body: h.supportBody },
          ]}
        />
      </MarketingSection>

      <section className="section" aria-labelledby="cta-heading">
        <div className="container">
          <div className="cta">
            <h2 id="cta-heading">{h.ctaTitle}</h2>
            <p>{h.ctaBody}</p>
            <Link to="/recharge" className="btn btn-light btn-large">
              {t.web.rechargeNow}
            </Link>
          </div>
        </div>
      </section>
    </div>
  );
}
