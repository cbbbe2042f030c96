import './marketing.css';
import { usePageMeta } from '../meta';
import { Link } from '../router';
import { countriesPhrase, useCatalogCounts } from '../catalog-counts';

/** Signed-out landing (spec section 2): title, 'Get Started' and 'Sign In to Continue' to /dashboard, three cards, four steps. */
export default function Landing() {
  const counts = useCatalogCounts();
  usePageMeta('Welcome', 'Top up phones around the world with cryptocurrency. Sign in to keep your orders and balance in one place.');
  return (
    <div className="marketing">
      <section className="hero">
        <div className="container hero-inner">
          <p className="eyebrow">Your account</p>
          <h1>Mobile top-ups paid in crypto, all in one place</h1>
          <p className="hero-text">Sign in to see every order you made, keep a balance for your next top-ups, and pay from it in one tap.</p>
          <div className="btn-row">
            <Link to="/dashboard" className="btn btn-primary btn-large">
              Get Started
            </Link>
            <Link to="/dashboard" className="btn btn-ghost btn-large">
              Sign In to Continue
            </Link>
          </div>
        </div>
      </section>
      <section className="section" aria-labelledby="landing-features">
        <div className="container">
          <h2 id="landing-features" className="section-title">
            Everything you need to send credit home
          </h2>
          <ul className="features landing-cards">
            <li>
              <span className="feature-icon" aria-hidden="true">
                📱
              </span>
              <h3>Airtime and data</h3>
              <p>Top up prepaid phones {countriesPhrase(counts.countries)}, with airtime or data bundles.</p>
            </li>
            <li>
              <span className="feature-icon" aria-hidden="true">
                🔐
              </span>
              <h3>Pay your way</h3>
              <p>{counts.coins} cryptocurrencies, a fresh address for every order, and nothing to install.</p>
            </li>
            <li>
              <span className="feature-icon" aria-hidden="true">
                💰
              </span>
              <h3>A balance that keeps</h3>
              <p>Add funds once and pay later top-ups from your balance. Undeliverable payments are credited to it.</p>
            </li>
          </ul>
        </div>
      </section>
      <section className="section section-soft" aria-labelledby="landing-steps">
        <div className="container">
          <h2 id="landing-steps" className="section-title">
            Four steps to a top-up
          </h2>
          <ol className="explainer">
            <li>
              <span className="step-number">1</span>
              <div>
                <h3>Country and operator</h3>
                <p>Choose where the phone is and its mobile operator.</p>
              </div>
            </li>
            <li>
              <span className="step-number">2</span>
              <div>
                <h3>Amount and phone</h3>
                <p>Pick an amount and enter the local phone number.</p>
              </div>
            </li>
            <li>
              <span className="step-number">3</span>
              <div>
                <h3>Pay with crypto</h3>
                <p>Send the exact amount to the one-time address within 6 minutes.</p>
              </div>
            </li>
            <li>
              <span className="step-number">4</span>
              <div>
                <h3>Instant top-up</h3>
                <p>The credit is sent as soon as your payment is confirmed.</p>
              </div>
            </li>
          </ol>
        </div>
      </section>
    </div>
  );
}
