import './pages.css';
import { useCatalogCounts } from '../catalog-counts';
import { ContactBlock } from '../components/ContactBlock';
import { SITE_NAME, usePageMeta } from '../meta';
import { Link } from '../router';

export const PRIVACY_EFFECTIVE_DATE = 'June 29, 2025';
export const PRIVACY_VERSION = '1.0';

/** /privacy (spec section 2): 10 sections and the privacy contact block; effective June 29, 2025, version 1.0. */
export default function Privacy() {
  usePageMeta('Privacy Policy', `How ${SITE_NAME} collects, uses and protects your information.`);
  const counts = useCatalogCounts();
  const coverage = counts.countries === null ? 'many countries' : `${counts.countries} countries`;
  return (
    <div className="page legal">
      <div className="container narrow">
        <h1>Privacy Policy</h1>
        <p className="muted">
          Effective date: {PRIVACY_EFFECTIVE_DATE} · Version {PRIVACY_VERSION}
        </p>
        <nav aria-label="Sections" className="toc">
          <ol>
            {SECTIONS.map(([id, title]) => (
              <li key={id}>
                <a href={`#${id}`}>{title}</a>
              </li>
            ))}
          </ol>
        </nav>

        <section id="who-we-are" aria-labelledby="who-we-are-h">
          <h2 id="who-we-are-h">1. Who we are</h2>
          <p>
            {SITE_NAME} lets you send mobile airtime and data top-ups to phones in {coverage} and pay with cryptocurrency, on this web site, in our Telegram bot
            and in our Telegram mini-app. This policy explains what information we handle when you use any of them, why, and the choices you have.
          </p>
        </section>

        <section id="information" aria-labelledby="information-h">
          <h2 id="information-h">2. Information we collect</h2>
          <ul>
            <li>
              <strong>Order details:</strong> the phone number to top up, its country and operator, the amount, the cryptocurrency you chose and the time of the
              order.
            </li>
            <li>
              <strong>Payment details:</strong> the deposit address of your order, and the transactions sent to it, which are public on their blockchain.
            </li>
            <li>
              <strong>Contact details you give us:</strong> an e-mail address for a receipt (optional), or for signing in.
            </li>
            <li>
              <strong>Account details, if you sign in:</strong> your e-mail address, or your Telegram id and name when you sign in with Telegram; a profile
              picture if you upload one; your balance and its history.
            </li>
            <li>
              <strong>What your browser keeps:</strong> a sign-in cookie when you are signed in, your theme choice, and, if you order without an account, the
              references of those orders so you can see them again.
            </li>
          </ul>
          <p>We do not ask for your name, address or identity documents to send a top-up, and we never see your wallet&apos;s keys.</p>
        </section>

        <section id="use" aria-labelledby="use-h">
          <h2 id="use-h">3. How we use your information</h2>
          <p>
            To deliver the top-ups you order, to confirm your payments, to send the receipts and notifications you ask for, to keep your balance, to answer you
            when you contact us, and to prevent fraud and abuse. We do not sell your information and do not use it for advertising.
          </p>
        </section>

        <section id="payments" aria-labelledby="payments-h">
          <h2 id="payments-h">4. Payments and blockchain data</h2>
          <p>
            Every order gets its own deposit address, and you have a 6-minute window to send the payment. Payments travel on public blockchains: the amount, the
            addresses and the time of a transaction can be seen by anyone and cannot be erased by us or by you.
          </p>
        </section>

        <section id="sharing" aria-labelledby="sharing-h">
          <h2 id="sharing-h">5. Who we share it with</h2>
          <p>
            To send a top-up we pass the phone number, its operator and the amount to our airtime provider through its API, which delivers the credit to the
            phone. We use an e-mail service to send messages, and price feeds that never receive your information. We share information with authorities only
            when the law requires it.
          </p>
        </section>

        <section id="undelivered" aria-labelledby="undelivered-h">
          <h2 id="undelivered-h">6. Payments that cannot be delivered</h2>
          <p>
            A payment is never lost. If a top-up cannot be delivered, or a payment arrives late, short, with too much, or in another supported coin, its value
            is credited to your balance, where you can use it for your next top-ups. If you ordered without an account, the credit is kept with the order: sign
            in in the same browser, or contact us with the order&apos;s reference, and it is moved to your balance.
          </p>
        </section>

        <section id="retention" aria-labelledby="retention-h">
          <h2 id="retention-h">7. How long we keep it</h2>
          <p>
            We keep orders, payments and balance records for as long as the law requires for financial records. Sign-in codes expire after 10 minutes; sign-in
            sessions end after 30 days without use or when you sign out.
          </p>
        </section>

        <section id="security" aria-labelledby="security-h">
          <h2 id="security-h">8. How we protect it</h2>
          <p>
            Connections are encrypted, sign-in sessions are stored as one-way hashes, and our servers hold no private key of any deposit address. Access to
            customer data is limited to the staff who need it to run the service, and every administrative action is logged.
          </p>
        </section>

        <section id="rights" aria-labelledby="rights-h">
          <h2 id="rights-h">9. Your rights and age limit</h2>
          <p>
            Our service is for people aged 18 and over. You may ask us for a copy of your information, to correct it, or to delete your account; records we must
            keep by law are kept for the time the law requires. Write to us at the address below.
          </p>
        </section>

        <section id="changes" aria-labelledby="changes-h">
          <h2 id="changes-h">10. Changes to this policy</h2>
          <p>
            When we change this policy we publish the new version here with its date and version number. Read it with our{' '}
            <Link to="/terms">Terms of Service</Link>.
          </p>
        </section>

        <section aria-labelledby="contact-h" className="card">
          <h2 id="contact-h">Contact</h2>
          <ContactBlock />
        </section>
      </div>
    </div>
  );
}

const SECTIONS: [string, string][] = [
  ['who-we-are', 'Who we are'],
  ['information', 'Information we collect'],
  ['use', 'How we use your information'],
  ['payments', 'Payments and blockchain data'],
  ['sharing', 'Who we share it with'],
  ['undelivered', 'Payments that cannot be delivered'],
  ['retention', 'How long we keep it'],
  ['security', 'How we protect it'],
  ['rights', 'Your rights and age limit'],
  ['changes', 'Changes to this policy'],
];
