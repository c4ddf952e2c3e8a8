import { BUSINESS, telHref } from '@towing/contracts';
import { lazy, Suspense } from 'react';
import { Link } from 'react-router-dom';
import { SOS_PAGES } from '../../sos';
import { useInstallPrompt } from '../hooks/useInstallPrompt';

/** Most visits never get an install offer: the banner's code loads when one comes. */
const InstallBanner = lazy(() => import('./InstallBanner').then((module) => ({ default: module.InstallBanner })));

const SERVICE_LINKS = [
  { label: '4x4 Recovery', to: '/services' },
  { label: 'Automotive Repairs', to: '/services' },
  { label: 'Fleet & Mining Contracts', to: '/fleet-contracts' },
  { label: 'Pricing Guide', to: '/pricing' },
  { label: 'Emergency Recovery', to: '/sos' },
];

const LEGAL_LINKS = [
  { label: 'Service Areas', to: '/service-areas' },
  { label: 'Testimonials', to: '/testimonials' },
  { label: 'About Us', to: '/about' },
  { label: 'Contact Us', to: '/contact' },
];

export function SiteFooter() {
  const year = new Date().getFullYear();
  // Listened for from the first render: the browser offers installing once, early, and does not wait for the banner's code.
  const installOffer = useInstallPrompt();
  return (
    <footer className="site-footer">
      {installOffer.kind !== 'none' && (
        <Suspense fallback={null}>
          <InstallBanner offer={installOffer} />
        </Suspense>
      )}
      <div className="site-footer-grid">
        <section>
          <h2 className="footer-heading">{BUSINESS.name}</h2>
          <p>Professional 4x4 recovery and mobile mechanical repairs, 24/7 across the Pilbara.</p>
          <p>Serving Greater Metro Area, 50-mile radius</p>
          <p>7 years of mechanical experience</p>
        </section>
        <section>
          <h2 className="footer-heading">Services</h2>
          <ul className="footer-links">
            {SERVICE_LINKS.map((link) => (
              <li key={link.label}>
                {/* The SOS page is a page of its own (sos-pages.ts): loaded as one. */}
                <Link to={link.to} reloadDocument={SOS_PAGES.includes(link.to)}>
                  {link.label}
                </Link>
              </li>
            ))}
          </ul>
        </section>
        <section>
          <h2 className="footer-heading">Contact</h2>
          <ul className="footer-links">
            <li>
              24/7 Emergency: <a href={telHref(BUSINESS.phoneE164)}>{BUSINESS.phone}</a>
            </li>
            {BUSINESS.staff.map((member) => (
              <li key={member.phoneE164}>
                {member.firstName}: <a href={telHref(member.phoneE164)}>{member.phone}</a>
              </li>
            ))}
            <li>
              <a href={`mailto:${BUSINESS.email}`}>{BUSINESS.email}</a>
            </li>
            <li>Based in {BUSINESS.base}</li>
          </ul>
        </section>
        <section>
          <h2 className="footer-heading">Company & Legal</h2>
          <ul className="footer-links">
            {LEGAL_LINKS.map((link) => (
              <li key={link.label}>
                <Link to={link.to}>{link.label}</Link>
              </li>
            ))}
          </ul>
        </section>
      </div>
      <p className="footer-legal">
        © {year} {BUSINESS.name} · ABN {BUSINESS.abn} · Licensed towing operator · Fully insured · All prices include GST
      </p>
    </footer>
  );
}
