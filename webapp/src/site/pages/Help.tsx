import './pages.css';
import { listPhrase, useCatalogCounts } from '../catalog-counts';
import { usePageMeta } from '../meta';
import { Link } from '../router';
import { openSupportChat } from '../support';

/** /help: the footer's Help Center, questions and answers. */
export default function Help() {
  usePageMeta('Help Center', 'Answers to common questions about top-ups and crypto payments.');
  const counts = useCatalogCounts();
  const faq: [string, string][] = [
    [
      'How do I send a top-up?',
      'Open Recharge, choose the country, the operator, the phone number and the amount, then pick a cryptocurrency and send the exact amount shown to the address shown.',
    ],
    [
      'Which cryptocurrencies can I pay with?',
      `${counts.coins} of them: ${listPhrase(counts.coinNames)}, on ${listPhrase(counts.networkNames)}. USDT is offered on Ethereum and on Binance Smart Chain: send it on the network shown.`,
    ],
    [
      'How long do I have to pay?',
      '6 minutes from the moment the payment is created. A payment sent within that window is accepted even if its confirmations arrive later.',
    ],
    [
      'What if I send too little, too much, or too late?',
      'Nothing is lost: a short, excess or late payment is credited to your balance, and you can use it for your next top-up.',
    ],
    [
      'What if the top-up fails?',
      'The value of your payment is credited to your balance. Without an account, sign in in the same browser to move it to your balance, or contact us with your order number.',
    ],
    [
      'Do I need an account?',
      'No. Without one, the orders you make are remembered in this browser. Sign in (with Telegram or a code sent to your e-mail) to keep them with your account and to use a balance.',
    ],
    ['Where can I see my orders?', 'On Order History. Each order shows its status: completed in green, pending in yellow, failed or cancelled in red.'],
  ];
  return (
    <div className="page legal">
      <div className="container narrow">
        <h1>Help Center</h1>
        <div className="faq">
          {faq.map(([q, a]) => (
            <details key={q}>
              <summary>{q}</summary>
              <p>{a}</p>
            </details>
          ))}
        </div>
        <div className="card help-more">
          <h2>Still need help?</h2>
          <div className="btn-row">
            <button type="button" className="btn btn-primary" onClick={() => openSupportChat()}>
              Open live chat
            </button>
            <Link to="/contact" className="btn btn-secondary">
              Contact Us
            </Link>
            <Link to="/orders" className="btn btn-ghost">
              Order History
            </Link>
          </div>
        </div>
      </div>
    </div>
  );
}
