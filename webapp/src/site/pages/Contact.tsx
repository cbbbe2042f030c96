import './pages.css';
import '../../components/legal.css';
import { useI18n } from '../../i18n/I18n';
import { ContactBlock } from '../components/ContactBlock';
import { SITE_NAME, usePageMeta } from '../meta';
import { openSupportChat } from '../support';

/** /contact: the footer's Contact Us (the contacts come from the server's configuration). */
export default function Contact() {
  const { web } = useI18n();
  const t = web.account.contact;
  usePageMeta(web.shell.contactUs, t.description({ site: SITE_NAME }));
  return (
    <div className="page legal">
      <div className="container narrow">
        <h1>{web.shell.contactUs}</h1>
        <p className="lead">{t.lead}</p>
        <section className="card">
          <ContactBlock team={t.team({ site: SITE_NAME })} />
          <button type="button" className="btn btn-primary contact-chat" onClick={() => openSupportChat()}>
            {web.supportWidget.openChat}
          </button>
        </section>
      </div>
    </div>
  );
}
