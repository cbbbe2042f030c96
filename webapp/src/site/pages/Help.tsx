import './pages.css';
import '../../components/legal.css';
import { useI18n } from '../../i18n/I18n';
import { useCatalogCounts } from '../catalog-counts';
import { usePageMeta } from '../meta';
import { Link } from '../router';
import { openSupportChat } from '../support';

/** /help: the footer's Help Center, questions and answers. */
export default function Help() {
  const { web } = useI18n();
  const h = web.pages.help;
  usePageMeta(web.shell.helpCenter, h.description);
  const counts = useCatalogCounts();
  const coins = { question: h.coins.question, answer: h.coins.answer(counts.offered) };
  const faq = [h.send, coins, h.time, h.wrongAmount, h.failed, h.account, h.orders];
  return (
    <div className="page legal">
      <div className="container narrow">
        <h1>{web.shell.helpCenter}</h1>
        <div className="faq">
          {faq.map(({ question, answer }) => (
            <details key={question}>
              <summary>{question}</summary>
              <p>{answer}</p>
            </details>
          ))}
        </div>
        <div className="card help-more">
          <h2>{h.stillNeedHelp}</h2>
          <div className="btn-row">
            <button type="button" className="btn btn-primary" onClick={() => openSupportChat()}>
              {web.supportWidget.openChat}
            </button>
            <Link to="/contact" className="btn btn-secondary">
              {web.shell.contactUs}
            </Link>
            <Link to="/orders" className="btn btn-ghost">
              {web.orderHistory}
            </Link>
          </div>
        </div>
      </div>
    </div>
  );
}
