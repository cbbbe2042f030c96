import { useI18n } from '../../i18n/I18n';
import { LegalPage } from '../components/LegalPage';
import { SITE_NAME } from '../meta';

/** /terms: the footer's Terms of Service (its sections: the catalog's web.pages.terms). */
export default function Terms() {
  const { web } = useI18n();
  return (
    <LegalPage
      title={web.shell.terms}
      description={web.pages.terms.description({ site: SITE_NAME })}
      effective={{ date: '2025-06-29', version: '1.0' }}
      other={{ to: '/privacy', name: web.shell.privacy }}
      sections={web.pages.terms.sections}
      team={web.pages.contact.supportTeam({ site: SITE_NAME })}
    />
  );
}
