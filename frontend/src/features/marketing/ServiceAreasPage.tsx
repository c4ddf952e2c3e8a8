import CheckCircleFilled from '@ant-design/icons-svg/es/asn/CheckCircleFilled';
import { Link } from 'react-router-dom';
import { CallLink } from './components/CallLink';
import { COVERAGE_AREAS } from './content';
import './marketing.css';
import { screenTitle, useDocumentTitle } from '../../shared/hooks/useDocumentTitle';
import { SvgIcon } from '../../shared/ui/SvgIcon';

export default function ServiceAreasPage() {
  useDocumentTitle(screenTitle('Service Areas'));
  return (
    <div className="page marketing">
      <section className="hero">
        <h1>Service Areas and Coverage</h1>
        <p className="hero-lead">Based in Karratha, covering the coast and the inland Pilbara around the clock.</p>
      </section>
      <div className="card-grid card-grid-2">
        {COVERAGE_AREAS.map((area) => (
          <article key={area.name} className="info-card">
            <h2>{area.name}</h2>
            {area.primary && <span className="badge">Primary service area</span>}
            <p>
              <strong>Response time:</strong> {area.responseTime}
            </p>
            <h3>Suburbs and places</h3>
            <p>{area.suburbs.join(', ')}</p>
            <h3>Services</h3>
            <ul className="check-list">
              {area.services.map((service) => (
                <li key={service}>
                  <SvgIcon icon={CheckCircleFilled} /> {service}
                </li>
              ))}
            </ul>
          </article>
        ))}
      </div>
      <section className="emergency-cta">
        <h2>Not sure if we cover you?</h2>
        <p>Call us with your location: if we can reach you, we will.</p>
        <div className="cta-row">
          <CallLink variant="emergency" />
          <Link to="/booking" className="cta-button cta-plain">
            Book Service
          </Link>
        </div>
      </section>
    </div>
  );
}
