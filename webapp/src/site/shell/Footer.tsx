import { SITE_NAME } from '../meta';
import { Link } from '../router';
import { Logo } from './Header';

/**
 * Footer (spec section 2: only on / and /landing): Services, Company, Support. Every entry is a real
 * destination; the spec's placeholders without one (gift cards, bill payments, careers, blog, press,
 * social icons) are left out.
 */
const COLUMNS: [title: string, links: [to: string, label: string][]][] = [
  [
    'Services',
    [
      ['/recharge', 'Mobile Recharge'],
      ['/recharge?service=data', 'Data Bundles'],
      ['/add-balance', 'Add Balance'],
    ],
  ],
  [
    'Company',
    [
      ['/about', 'About Us'],
      ['/terms', 'Terms of Service'],
      ['/privacy', 'Privacy Policy'],
    ],
  ],
  [
    'Support',
    [
      ['/help', 'Help Center'],
      ['/contact', 'Contact Us'],
      ['/orders', 'Order History'],
    ],
  ],
];

export function Footer() {
  return (
    <footer className="site-footer">
      <div className="container footer-grid">
        <div className="footer-brand">
          <Logo />
          <p>The world&apos;s fastest cryptocurrency-powered mobile recharge platform.</p>
        </div>
        {COLUMNS.map(([title, links]) => (
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
          © {new Date().getFullYear()} {SITE_NAME}. Payments that cannot be delivered are never lost: their value goes to your balance.
        </p>
      </div>
    </footer>
  );
}
