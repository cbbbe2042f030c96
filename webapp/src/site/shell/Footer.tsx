import { SITE_NAME } from '../meta';
import { Link } from '../router';
import { useI18n } from '../../i18n/I18n';
import type { WebMessages } from '../../shared';
import { Logo } from './Header';

/**
 * Footer (spec section 2: only on / and /landing): Services, Company, Support. Every entry is a real
 * destination; the spec's placeholders without one (gift cards, bill payments, careers, blog, press,
 * social icons) are left out.
 */
const columns = (web: WebMessages): [title: string, links: [to: string, label: string][]][] => [
  [
    web.shell.services,
    [
      ['/recharge', web.mobileRecharge],
      ['/recharge?service=data', web.shell.dataBundles],
      ['/add-balance', web.addBalance],
    ],
  ],
  [
    web.shell.company,
    [
      ['/about', web.shell.aboutUs],
      ['/terms', web.shell.terms],
      ['/privacy', web.shell.privacy],
    ],
  ],
  [
    web.shell.support,
    [
      ['/help', web.shell.helpCenter],
      ['/contact', web.shell.contactUs],
      ['/orders', web.orderHistory],
    ],
  ],
];

export function Footer() {
  const t = useI18n();
  return (
    <footer className="site-footer">
      <div className="container footer-grid">
        <div className="footer-brand">
          <Logo />
          <p>{t.web.shell.footerTagline}</p>
        </div>
        {columns(t.web).map(([title, links]) => (
          <nav key={title} aria-label={title} className="footer-col">
            <h2>{title}</h2>
            <ul>
              {links.map(([to, label]) => (
                <li key={to}>
                  <Link to={to}>{label}</Link>
                </li>
              ))}
            </ul>
          </nav>
        ))}
      </div>
      <div className="container footer-bottom">
        <p>
          © {new Date().getFullYear()} {SITE_NAME}. {t.web.shell.footerNote}
        </p>
      </div>
    </footer>
  );
}
