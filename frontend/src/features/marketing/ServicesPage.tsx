import { Link } from 'react-router-dom';
import { CallLink } from './components/CallLink';
import './marketing.css';
import { screenTitle, useDocumentTitle } from '../../shared/hooks/useDocumentTitle';

export default function ServicesPage() {
  useDocumentTitle(screenTitle('Services'));
  return (
    <div className="page marketing">
      <section className="hero">
        <h1>Our Services</h1>
        <p className="hero-lead">Recovery, repairs and commercial work across Karratha and the Pilbara, 24 hours a day.</p>
      </section>

      <div className="card-grid card-grid-3">
        <article className="info-card">
          <h2>4x4 and Off-Road Recovery</h2>
          <ul>
            <li>Sand, mud and river crossing recoveries</li>
            <li>Winch and snatch recoveries</li>
            <li>Rollover recovery</li>
            <li>Mine site and station track call-outs</li>
          </ul>
          <h3>Recovery Assistance</h3>
          <CallLink label="Call for Recovery" variant="emergency" />
        </article>
        <article className="info-card">
          <h2>Automotive Repairs</h2>
          <ul>
            <li>On-site diagnosis with dealer-level scan tools</li>
            <li>Engine and transmission repairs</li>
            <li>Mobile roadside repairs</li>
            <li>Pre-purchase inspections</li>
          </ul>
          <Link to="/contact" className="cta-button cta-primary">
            Schedule Repair
          </Link>
        </article>
        <article className="info-card">
          <h2>Commercial Services</h2>
          <ul>
            <li>Fleet maintenance and servicing</li>
            <li>Mining and industrial site support</li>
            <li>Priority response contracts</li>
            <li>Monthly consolidated invoicing</li>
          </ul>
          <Link to="/contact" className="cta-button cta-primary">
            Commercial Rates
          </Link>
        </article>
      </div>

      <section className="stat-band" aria-labelledby="coverage-heading">
        <h2 id="coverage-heading">Coverage</h2>
        <div className="stat-grid">
          <div className="stat">
            <strong>30 min</strong>
            <span>Response</span>
          </div>
          <div className="stat">
            <strong>50 miles</strong>
            <span>Radius</span>
          </div>
          <div className="stat">
            <strong>24/7</strong>
            <span>Availability</span>
          </div>
        </div>
      </section>

      <section className="emergency-cta" aria-labelledby="emergency-heading">
        <h2 id="emergency-heading">Need help right now?</h2>
        <p>Call us straight away, or send the details online and we will call you back.</p>
        <div className="cta-row">
          <CallLink variant="emergency" />
          <Link to="/contact" className="cta-button cta-plain">
            Request Service Online
          </Link>
        </div>
      </section>
    </div>
  );
}
