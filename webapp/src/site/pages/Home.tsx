import './marketing.css';
import { usePageMeta } from '../meta';
import { Link } from '../router';
import { countriesPhrase, listPhrase, useCatalogCounts } from '../catalog-counts';

/** Home (spec section 2): hero, How It Works, Why Choose, closing call to action. Counts are live. */
export default function Home() {
  const counts = useCatalogCounts();
  usePageMeta('', 'Send mobile airtime and data top-ups to phones around the world and pay with cryptocurrency.');
  const countriesCount = counts.countries === null ? '…' : String(counts.countries);

  return (
    <div className="marketing">
      <section className="hero">
        <div className="container hero-inner">
          <p className="eyebrow">Airtime and data · paid in crypto</p>
          <h1>Recharge any phone, pay with cryptocurrency</h1>
          <p className="hero-text">
            Send mobile credit to family and friends {countriesPhrase(counts.countries)}. Pay with {listPhrase(counts.coinNames)}, and the top-up is sent automatically once your
            payment is confirmed.
          </p>
          <div className="btn-row">
            <Link to="/recharge" className="btn btn-primary btn-large">
              Recharge Now
            </Link>
            <button type="button" className="btn btn-ghost btn-large" onClick={() => document.getElementById('how-it-works')?.scrollIntoView({ behavior: 'smooth' })}>
              How It Works
            </button>
          </div>
          <dl className="stats" aria-busy={counts.countries === null && !counts.countriesFailed}>
            {!counts.countriesFailed && (
              <div>
                <dt>Countries</dt>
                <dd data-testid="count-countries">{countriesCount}</dd>
              </div>
            )}
            <div>
              <dt>Cryptocurrencies</dt>
              <dd data-testid="count-coins">{counts.coins}</dd>
            </div>
            <div>
              <dt>Blockchains</dt>
              <dd>{counts.networks}</dd>
            </div>
            <div>
              <dt>Minutes to pay</dt>
              <dd>6</dd>
            </div>
          </dl>
        </div>
      </section>

      <section id="how-it-works" className="section" aria-labelledby="how-heading">
        <div className="container">
          <h2 id="how-heading" className="section-title">
            How It Works
          </h2>
          <p className="section-lead">Three steps, about a minute.</p>
          <ol className="steps">
            <li>
              <span className="step-number">1</span>
              <h3>Select country and operator</h3>
              <p>Pick the country of the phone and its mobile operator; popular countries are one tap away.</p>
            </li>
            <li>
              <span className="step-number">2</span>
              <h3>Enter phone and amount</h3>
              <p>Type the local number and choose an amount. We check the number before you pay.</p>
            </li>
            <li>
              <span className="step-number">3</span>
              <h3>Pay with crypto</h3>
              <p>Send the exact amount to the one-time address shown, by QR code or copy and paste, within 6 minutes.</p>
            </li>
          </ol>
        </div>
      </section>

      <section className="section section-soft" aria-labelledby="why-heading">
        <div className="container">
          <h2 id="why-heading" className="section-title">
            Why Choose CRYPTO TOP-UPS
          </h2>
          <ul className="features">
            <li>
              <span className="feature-icon" aria-hidden="true">
                🌍
              </span>
              <h3>Global coverage</h3>
              <p>{counts.countries === null ? 'Mobile operators around the world.' : `Mobile operators in ${counts.countries} countries, with airtime and data bundles.`}</p>
            </li>
            <li>
              <span className="feature-icon" aria-hidden="true">
                🪙
              </span>
              <h3>Multi-crypto</h3>
              <p>
                {counts.coins} cryptocurrencies on {counts.networks} blockchains: {listPhrase(counts.networkNames)}.
              </p>
            </li>
            <li>
              <span className="feature-icon" aria-hidden="true">
                ⚡
              </span>
              <h3>Instant processing</h3>
              <p>The top-up is sent automatically as soon as your payment is confirmed on the chain.</p>
            </li>
            <li>
              <span className="feature-icon" aria-hidden="true">
                💬
              </span>
              <h3>24/7 support</h3>
              <p>Live chat on every page, any time of day. A payment that cannot be delivered goes to your balance: it is never lost.</p>
            </li>
          </ul>
        </div>
      </section>

      <section className="section" aria-labelledby="cta-heading">
        <div className="container">
          <div className="cta">
            <h2 id="cta-heading">Ready to send a top-up?</h2>
            <p>No account needed: choose a country, enter the number, pay with crypto.</p>
            <Link to="/recharge" className="btn btn-light btn-large">
              Recharge Now
            </Link>
          </div>
        </div>
      </section>
    </div>
  );
}
