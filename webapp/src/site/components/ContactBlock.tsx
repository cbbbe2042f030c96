import { useQuery } from '@tanstack/react-query';
import { siteConfigQuery } from '../../api/queries';
import { useI18n } from '../../i18n/I18n';
import { SITE_NAME } from '../meta';
import { telegramHandle, telegramLink, whatsappLink } from '../support';

/** The privacy contact block (spec: team name, contact e-mail, website) and the contact page's list. */
export function ContactBlock({ team }: { team?: string }) {
  const { web, common } = useI18n();
  const t = web.account.contactBlock;
  const config = useQuery(siteConfigQuery());
  const support = config.data?.support;
  const telegram = telegramLink(support?.telegram);
  const whatsapp = whatsappLink(support?.whatsapp);
  return (
    <address className="contact-block">
      <strong>{team ?? t.privacyTeam({ site: SITE_NAME })}</strong>
      {support?.email && (
        <span>
          {web.account.email}
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
      <span>
        {t.website}
        {common.colon} <a href={window.location.origin}>{window.location.host}</a>
      </span>
      {config.isSuccess && !support?.email && !telegram && !whatsapp && <span>{t.liveChat}</span>}
    </address>
  );
}
