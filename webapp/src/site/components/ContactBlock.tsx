import { useQuery } from '@tanstack/react-query';
import { siteConfigQuery } from '../../api/queries';
import { SITE_NAME } from '../meta';
import { telegramHandle, telegramLink, whatsappLink } from '../support';

/** The privacy contact block (spec: team name, contact e-mail, website) and the contact page's list. */
export function ContactBlock({ team = `${SITE_NAME} Privacy Team` }: { team?: string }) {
  const config = useQuery(siteConfigQuery());
  const support = config.data?.support;
  const telegram = telegramLink(support?.telegram);
  const whatsapp = whatsappLink(support?.whatsapp);
  return (
    <address className="contact-block">
      <strong>{team}</strong>
      {support?.email && (
        <span>
          E-mail: <a href={`mailto:${support.email}`}>{support.email}</a>
        </span>
      )}
      {telegram && support?.telegram && (
        <span>
          Telegram:{' '}
          <a href={telegram} target="_blank" rel="noopener noreferrer">
            {telegramHandle(support.telegram)}
          </a>
        </span>
      )}
      {whatsapp && (
        <span>
          WhatsApp:{' '}
          <a href={whatsapp} target="_blank" rel="noopener noreferrer">
            {support?.whatsapp}
          </a>
        </span>
      )}
      <span>
        Website: <a href={window.location.origin}>{window.location.host}</a>
      </span>
      {config.isSuccess && !support?.email && !telegram && !whatsapp && <span>Live chat: the chat button at the bottom of every page.</span>}
    </address>
  );
}
