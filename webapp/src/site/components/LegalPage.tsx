import '../pages/pages.css';
import { LegalText, type LegalTextProps } from '../../components/LegalText';
import { usePageMeta } from '../meta';
import { Link } from '../router';

export interface LegalPageProps extends Omit<LegalTextProps, 'seeAlso' | 'onSite'> {
  description: string;
  /** The other legal page, linked from the section that says `seeAlso`. */
  other: { to: string; name: string };
}

/** A legal page of the site (/terms, /privacy): the legal text, linking the other legal page. */
export function LegalPage({ description, other, ...text }: LegalPageProps) {
  usePageMeta(text.title, description);
  return (
    <div className="page">
      <div className="container narrow">
        <LegalText {...text} seeAlso={<Link to={other.to}>{other.name}</Link>} />
      </div>
    </div>
  );
}
