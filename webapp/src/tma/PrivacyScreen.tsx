import { LegalText, PRIVACY_EFFECTIVE } from '../components/LegalText';
import { useI18n } from '../i18n/I18n';

/**
 * The privacy policy inside the mini-app (Telegram's bot developer terms, section 4: a mini app shows it
 * from its settings): the site's /privacy text, linking no page of the site, whose checkout offers coins
 * Telegram's rules do not allow there.
 */
export default function PrivacyScreen() {
  const { web } = useI18n();
  return <LegalText title={web.shell.privacy} effective={PRIVACY_EFFECTIVE} sections={web.pages.privacy.sections} onSite={false} />;
}
