import './pages.css';
import { usePageMeta } from '../meta';
import { Link } from '../router';
import { useI18n } from '../../i18n/I18n';

/** Any other route (spec section 2). */
export default function NotFound() {
  const t = useI18n();
  usePageMeta(t.web.notFound.title);
  return (
    <div className="page">
      <div className="container narrow not-found">
        <h1>{t.web.notFound.title}</h1>
        <p className="muted">{t.web.notFound.body}</p>
        <Link to="/" className="btn btn-primary">
          {t.web.notFound.goHome}
        </Link>
      </div>
    </div>
  );
}
