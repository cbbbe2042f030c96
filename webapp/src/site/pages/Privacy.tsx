import { useI18n } from '../../i18n/I18n';
import { PRIVACY_EFFECTIVE } from '../../components/LegalText';
import { LegalPage } from '../components/LegalPage';
import { SITE_NAME } from '../meta';

/** /privacy (spec section 2): 10 sections (the catalog's web.pages.privacy) and the privacy contact block; effective June 29, 2025, version 1.0. */
export default function Privacy() {
  const { web } = useI18n();
  return (
    <LegalPage
      title={web.shell.privacy}
      description={web.pages.privacy.description({ site: SITE_NAME })}
      effective={PRIVACY_EFFECTIVE}
      other={{ to: '/terms', name: web.shell.terms }}
      sections={web.pages.privacy.sections}
      toc
    />
  );
}
