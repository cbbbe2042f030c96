import './marketing.css';
import { useI18n } from '../../i18n/I18n';
import { useCatalogCounts } from '../catalog-counts';
import { FeatureCards, Hero, MarketingSection } from '../components/Marketing';
import { usePageMeta } from '../meta';
import { Link } from '../router';

/** Signed-out landing (spec section 2): title, 'Get Started' and 'Sign In to Continue' to /dashboard, three cards, four steps. */
export default function Landing() {
  const counts = useCatalogCounts();
  const l = useI18n().web.pages.landing;
  usePageMeta(l.title, l.description);
  const cards = [
    { icon: '📱', title: l.airtimeTitle, body: l.airtimeBody({ countries: counts.countries }) },
    { icon: '🔐', title: l.payTitle, body: l.payBody({ coins: counts.offered?.coins ?? null }) },
    { icon: '💰', title: l.balanceTitle, body: l.balanceBody },
  ];
  return (
    <div className="marketing">
      <Hero
        eyebrow={l.eyebrow}
        title={l.heading}
        text={l.text}
        actions={
          <>
            <Link to="/dashboard" className="btn btn-primary btn-large">
              {l.getStarted}
            </Link>
            <Link to="/dashboard" className="btn btn-ghost btn-large">
              {l.signInToContinue}
            </Link>
          </>
        }
      />
      <MarketingSection headingId="landing-features" title={l.featuresTitle}>
        <FeatureCards cards={cards} className="landing-cards" />
      </MarketingSection>
      <MarketingSection headingId="landing-steps" title={l.stepsTitle} soft>
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
      </MarketingSection>
    </div>
  );
}
