import { BUSINESS } from '@towing/contracts';
import { Link } from 'react-router-dom';
import { CallLink } from './components/CallLink';
import { CoverageMap } from './components/CoverageMap';
import { Faq } from './components/Faq';
import './marketing.css';
import { useDocumentTitle } from '../../shared/hooks/useDocumentTitle';

const PLATFORM_LINKS = [
  { label: 'Book Service', to: '/booking', text: 'Pick a time that suits you' },
  { label: 'Track Job', to: '/customer-portal', text: 'See where your driver is' },
  { label: 'Service History', to: '/service-history', text: 'Every job we have done for you' },
  { label: 'Rate Service', to: '/feedback', text: 'Tell us how we went' },
];

export default function HomePage() {
  useDocumentTitle(BUSINESS.name);
  return (
    <div className="page marketing">
      <section className="hero">
        <p className="hero-kicker">24/7 emergency response across the Pilbara</p>
        <h1>4x4 Recovery & Mobile Mechanics in Karratha</h1>
        <p className="hero-lead">
          Bogged, broken down or stuck on a mine road? {BUSINESS.staff[0].firstName} and {BUSINESS.staff[1].firstName} typically reach you in
          30-45 minutes around Karratha. Standard towing from $165, prices include GST.
        </p>
        <div className="cta-row">
          <Link to="/sos" reloadDocument className="cta-button cta-emergency">
            STUCK NOW - Request Recovery
          </Link>
          <CallLink />
        </div>
      </section>

      <section aria-labelledby="services-heading">
        <h2 id="services-heading">Our Services</h2>
        <div className="card-grid card-grid-2">
          <article className="info-card">
            <h3>4x4 Recovery</h3>
            <p>Bogged in sand, stuck in a river crossing or rolled on a station track: we winch, snatch and tow you out, day or night.</p>
            <Link to="/services">More about recovery</Link>
          </article>
          <article className="info-card">
            <h3>Automotive Repairs</h3>
            <p>Seven years of mechanical experience on the road: diagnostics, engine, transmission and roadside repairs where you stand.</p>
            <Link to="/services">More about repairs</Link>
          </article>
        </div>
      </section>

      <section className="platform-panel" aria-labelledby="platform-heading">
        <h2 id="platform-heading">Digital Service Platform</h2>
        <p>Book, track and review your job online, whenever suits you.</p>
        <div className="card-grid card-grid-4">
          {PLATFORM_LINKS.map((link) => (
            <Link key={link.to} to={link.to} className="platform-button">
              <strong>{link.label}</strong>
              <span>{link.text}</span>
            </Link>
          ))}
        </div>
        <div className="cta-row">
          {BUSINESS.staff.map((member) => (
            <CallLink key={member.phoneE164} staff={member} variant="emergency" label={`Emergency: ${member.firstName} ${member.phone}`} />
          ))}
        </div>
      </section>

      <section className="feedback-panel" aria-labelledby="feedback-heading">
        <h2 id="feedback-heading">Customer Feedback</h2>
        <p>Had a job done by us? Your review helps other Pilbara drivers know who to call.</p>
        <div className="cta-row">
          <Link to="/feedback" className="cta-button cta-primary">
            Leave Your Review
          </Link>
          <CallLink variant="plain" />
        </div>
      </section>

      <CoverageMap />
      <Faq />
    </div>
  );
}
