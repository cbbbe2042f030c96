import './marketing.css';
import { usePageMeta } from '../meta';
import { Link } from '../router';
import { useCatalogCounts } from '../catalog-counts';
import { useI18n } from '../../i18n/I18n';
import { formatListIn } from '../../shared';
import { SITE_NAME } from '../meta';

/** Home (spec section 2): hero, How It Works, Why Choose, closing call to action. Counts are live. */
export default function Home() {
  const counts = useCatalogCounts();
  const t = useI18n();
  const h = t.web.home;
  const list = (items: string[]) => formatListIn(t.locale, items);
  usePageMeta('', t.web.pages.homeDescription);
  const countriesCount = counts.countries === null ? '…' : String(counts.countries);

  return (
    <div className="marketing">
      <section className="hero">
        <div className="container hero-inner">
          <p className="eyebrow">{h.eyebrow}</p>
          <h1>{h.title}</h1>
          <p className="hero-text">{h.heroText({ countries: counts.countries, coins: list(counts.coinNames) })}</p>
          <div className="btn-row">
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
          </div>
          <dl className="stats" aria-busy={counts.countries === null && !counts.countriesFailed}>
            {!counts.countriesFailed && (
              <div>
                <dt>{h.statCountries}</dt>
                <dd data-testid="count-countries">{countriesCount}</dd>
              </div>
            )}
            <div>
              <dt>{h.statCoins}</dt>
              <dd data-testid="count-coins">{counts.coins}</dd>
            </div>
            <div>
              <dt>{h.statChains}</dt>
              <dd>{counts.networks}</dd>
            </div>
            <div>
              <dt>{h.statMinutes}</dt>
              <dd>6</dd>
            </div>
          </dl>
        </div>
      </section>

      <section id="how-it-works" className="section" aria-labelledby="how-heading">
        <div className="container">
          <h2 id="how-heading" className="section-title">
            {h.howItWorks}
          </h2>
          <p className="section-lead">{h.howLead}</p>
          <ol className="steps">
            <li>
              <span className="step-number">1</span>
              <h3>{h.step1Title}</h3>
              <p>{h.step1Body}</p>
            </li>
            <li>
              <span className="step-number">2</span>
              <h3>{h.step2Title}</h3>
              <p>{h.step2Body}</p>
            </li>
            <li>
              <span className="step-number">3</span>
              <h3>{h.step3Title}</h3>
              <p>{h.step3Body}</p>
            </li>
          </ol>
        </div>
      </section>

      <section className="section section-soft" aria-labelledby="why-heading">
        <div className="container">
          <h2 id="why-heading" className="section-title">
            {h.whyChoose({ site: SITE_NAME })}
          </h2>
          <ul className="features">
            <li>
              <span className="feature-icon" aria-hidden="true">
                🌍
              </span>
              <h3>{h.coverageTitle}</h3>
              <p>{h.coverageBody({ countries: counts.countries })}</p>
            </li>
            <li>
              <span className="feature-icon" aria-hidden="true">
                🪙
              </span>
              <h3>{h.cryptoTitle}</h3>
              <p>{h.cryptoBody({ coins: counts.coins, chains: counts.networks, names: list(counts.networkNames) })}</p>
            </li>
            <li>
              <span className="feature-icon" aria-hidden="true">
                ⚡
              </span>
              <h3>{h.instantTitle}</h3>
              <p>{h.instantBody}</p>
            </li>
            <li>
              <span className="feature-icon" aria-hidden="true">
                💬
              </span>
              <h3>{h.supportTitle}</h3>
              <p>{h.supportBody}</p>
            </li>
          </ul>
        </div>
      </section>

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
