import './pages.css';
import { ContactBlock } from '../components/ContactBlock';
import { SITE_NAME, usePageMeta } from '../meta';
import { openSupportChat } from '../support';

/** /contact: the footer's Contact Us (the contacts come from the server's configuration). */
export default function Contact() {
  usePageMeta('Contact Us', `How to reach ${SITE_NAME} support.`);
  return (
    <div className="page legal">
      <div className="container narrow">
        <h1>Contact Us</h1>
        <p className="lead">Questions about an order? Give us its transaction ID and we will look into it.</p>
        <section className="card">
          <ContactBlock team={`${SITE_NAME} Support`} />
          <button type="button" className="btn btn-primary contact-chat" onClick={() => openSupportChat()}>
            Open live chat
          </button>
        </section>
      </div>
    </div>
  );
}
