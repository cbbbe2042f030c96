import './pages.css';
import { usePageMeta } from '../meta';
import { Link } from '../router';

/** Any other route (spec section 2). */
export default function NotFound() {
  usePageMeta('404 Page Not Found');
  return (
    <div className="page">
      <div className="container narrow not-found">
        <h1>404 Page Not Found</h1>
        <p className="muted">Did you forget to add the page to the router?</p>
        <Link to="/" className="btn btn-primary">
          Go Home
        </Link>
      </div>
    </div>
  );
}
