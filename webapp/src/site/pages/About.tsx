import './pages.css';
import { countriesPhrase, listPhrase, useCatalogCounts } from '../catalog-counts';
import { SITE_NAME, usePageMeta } from '../meta';
import { Link } from '../router';

/** /about: the footer's About Us. Counts are live. */
export default function About() {
  usePageMeta('About Us', `Who we are and how ${SITE_NAME} works.`);
  const counts = useCatalogCounts();
  return (
    <div className="page legal">
      <div className="container narrow">
        <h1>About Us</h1>
        <p className="lead">
          {SITE_NAME} helps people keep the phones of family and friends topped up across borders, paying with the cryptocurrency they already hold.
        </p>
        <section>
          <h2>What we do</h2>
          <p>
            We send airtime and data bundles to prepaid phones {countriesPhrase(counts.countries)}, and accept {counts.coins} cryptocurrencies (
            {listPhrase(counts.coinNames)}) on {listPhrase(counts.networkNames)}. You can use this web site, our Telegram bot or our Telegram mini-app.
          </p>
        </section>
        <section>
          <h2>How we work</h2>
          <p>
            Every order gets its own payment address, and the top-up is sent automatically once the payment is confirmed. If something goes wrong, the value of
            your payment goes to your balance: it is never lost.
          </p>
        </section>
        <div className="btn-row">
          <Link to="/recharge" className="btn btn-primary">
            Recharge Now
          </Link>
          <Link to="/contact" className="btn btn-secondary">
            Contact Us
          </Link>
        </div>
      </div>
    </div>
  );
}
