import './marketing.css';
import { useI18n } from '../../i18n/I18n';
import { useCatalogCounts } from '../catalog-counts';
import { usePageMeta } from '../meta';
import { Link } from '../router';

/** Signed-out landing (spec section 2): title, 'Get Started' and 'Sign In to Continue' to /dashboard, three cards, four steps. */
export default function Landing() {
  const counts = useCatalogCounts();
  const l = useI18n().web.pages.landing;
  usePageMeta(l.title, l.description);
  const cards = [
    ['📱', l.airtimeTitle, l.airtimeBody({ countries: counts.countries })],
    ['🔐', l.payTitle, l.payBody({ coins: counts.coins })],
    ['💰', l.balanceTitle, l.balanceBody],
  ];
  return (
    <div className="marketing">
      <section className="hero">
        <div className="container hero-inner">
          <p className="eyebrow">{l.eyebrow}</p>
          <h1>{l.heading}</h1>
          <p className="hero-text">{l.text}</p>
          <div className="btn-row">
            <Link to="/dashboard" className="btn btn-primary btn-large">
              {l.getStarted}
            </Link>
            <Link to="/dashboard" className="btn btn-ghost btn-large">
              {l.signInToContinue}
            </Link>
          </div>
        </div>
      </section>
      <section className="section" aria-labelledby="landing-features">
        <div className="container">
          <h2 id="landing-features" className="section-title">
            {l.featuresTitle}
          </h2>
          <ul className="features landing-cards">
            {cards.map(([icon, title, body]) => (
              <li key={title}>
                <span className="feature-icon" aria-hidden="true">
                  {icon}
                </span>
                <h3>{title}</h3>
                <p>{body}</p>
              </li>
            ))}
          </ul>
        </div>
      </section>
      <section className="section section-soft" aria-labelledby="landing-steps">
        <div className="container">
          <h2 id="landing-steps" className="section-title">
            {l.stepsTitle}
          </h2>
          <ol className="explainer">
            {l.steps.map((step, i) => (
              <li key={step.title}>
                <span className="step-number">{i + 1}</span>
                <div>
                  <h3>{step.title}</h3>
                  <p>{step.body}</p>
                </div>
              </li>
            ))}
          </ol>
        </div>
      </section>
    </div>
  );
}
