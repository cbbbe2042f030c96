import './pages.css';
import { ContactBlock } from '../components/ContactBlock';
import { SITE_NAME, usePageMeta } from '../meta';
import { Link } from '../router';

/** /terms: the footer's Terms of Service. */
export default function Terms() {
  usePageMeta('Terms of Service', `The terms of using ${SITE_NAME}.`);
  return (
    <div className="page legal">
      <div className="container narrow">
        <h1>Terms of Service</h1>
        <p className="muted">Effective date: June 29, 2025 · Version 1.0</p>
        <section>
          <h2>1. The service</h2>
          <p>
            {SITE_NAME} sends mobile airtime and data top-ups to prepaid phones and takes payment in cryptocurrency. The amount the phone receives in local
            currency is set by the operator and shown as an estimate before you pay.
          </p>
        </section>
        <section>
          <h2>2. Who may use it</h2>
          <p>You must be 18 or older and allowed to use cryptocurrency where you live. You may use the service without an account.</p>
        </section>
        <section>
          <h2>3. Orders and payment</h2>
          <p>
            Each order has its own deposit address and a 6-minute window to send the payment. Send the exact amount, in the coin and on the network shown. A
            flat service fee is shown before you pay. The top-up is sent automatically once the payment is confirmed on its blockchain.
          </p>
        </section>
        <section>
          <h2>4. Check the phone number</h2>
          <p>A top-up delivered to the number you entered cannot be taken back. Check the number and the country before you pay.</p>
        </section>
        <section>
          <h2>5. When a top-up cannot be delivered</h2>
          <p>
            Your payment is never lost. If the operator refuses the top-up, or a payment arrives late, short, with too much, or in another supported coin, its
            value is credited to your balance and can be used for later top-ups. Without an account the credit is kept with the order until you sign in in the
            same browser or contact us.
          </p>
        </section>
        <section>
          <h2>6. Your balance</h2>
          <p>Your balance is in US dollars and can pay for top-ups on this site. It is the sum of its recorded credits and debits, shown on your dashboard.</p>
        </section>
        <section>
          <h2>7. Fair use</h2>
          <p>Do not use the service for fraud, money laundering or to top up numbers you are not allowed to. We may refuse or hold orders that look abusive.</p>
        </section>
        <section>
          <h2>8. Changes</h2>
          <p>
            We may change these terms; the version in force is the one published here. See also our <Link to="/privacy">Privacy Policy</Link>.
          </p>
        </section>
        <section className="card">
          <h2>Contact</h2>
          <ContactBlock team={`${SITE_NAME} Support`} />
        </section>
      </div>
    </div>
  );
}
