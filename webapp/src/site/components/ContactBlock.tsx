import './contact-block.css';
import { useQuery } from '@tanstack/react-query';
import { siteConfigQuery } from '../../api/queries';
import { useI18n } from '../../i18n/I18n';
import { SITE_NAME } from '../meta';
import { telegramHandle, telegramLink, whatsappLink } from '../support';

/**
 * The privacy contact block (spec: team name, contact e-mail, website) and the contact page's list.
 * `onSite: false` in the mini-app: no link to the site (Telegram's rules forbid it: the site offers coins
 * Telegram does not allow) and no word of the site's chat button, which the mini-app has not.
 */
export function ContactBlock({ team, onSite = true }: { team?: string | undefined; onSite?: boolean }) {
  const { web, common } = useI18n();
  const c = web.pages.contact;
  const config = useQuery(siteConfigQuery());
  const support = config.data?.support;
  const telegram = telegramLink(support?.telegram);
  const whatsapp = whatsappLink(support?.whatsapp, web.pages.chat.whatsappGreeting({ site: SITE_NAME }));
  return (
    <address className="contact-block">
      <strong>{team ?? c.privacyTeam({ site: SITE_NAME })}</strong>
      {support?.email && (
        <span>
          {c.email}
          {common.colon} <a href={`mailto:${support.email}`}>{support.email}</a>
        </span>
      )}
      {telegram && support?.telegram && (
        <span>
          Telegram{common.colon}{' '}
          <a href={telegram} target="_blank" rel="noopener noreferrer">
            {telegramHandle(support.telegram)}
          </a>
        </span>
      )}
      {whatsapp && (
        <span>
          WhatsApp{common.colon}{' '}
          <a href={whatsapp} target="_blank" rel="noopener noreferrer">
            {support?.whatsapp}
          </a>
        </span>
      )}
      {onSite && (
        <span>
          {c.website}
          {common.colon} <a href={window.location.origin}>{window.location.host}</a>
        </span>
      )}
      {onSite && config.isSuccess && !support?.email && !telegram && !whatsapp && <span>{c.liveChat}</span>}
    </address>
  );
}
