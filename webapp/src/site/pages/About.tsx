import './pages.css';
import '../../components/legal.css';
import { useI18n } from '../../i18n/I18n';
import { useCatalogCounts } from '../catalog-counts';
import { SITE_NAME, usePageMeta } from '../meta';
import { Link } from '../router';

/** /about: the footer's About Us. Counts are live. */
export default function About() {
  const { web } = useI18n();
  const a = web.pages.about;
  usePageMeta(web.shell.aboutUs, a.description({ site: SITE_NAME }));
  const counts = useCatalogCounts();
  return (
    <div className="page legal">
      <div className="container narrow">
        <h1>{web.shell.aboutUs}</h1>
        <p className="lead">{a.lead({ site: SITE_NAME })}</p>
        <section>
          <h2>{a.whatTitle}</h2>
          <p>{a.whatBody({ countries: counts.countries, offered: counts.offered })}</p>
        </section>
        <section>
          <h2>{a.howTitle}</h2>
          <p>{a.howBody}</p>
        </section>
        <div className="btn-row">
          <Link to="/recharge" className="btn btn-primary">
            {web.rechargeNow}
          </Link>
          <Link to="/contact" className="btn btn-secondary">
            {web.shell.contactUs}
          </Link>
        </div>
      </div>
    </div>
  );
}
