import { Link } from 'react-router-dom';
import { CallLink } from './components/CallLink';
import './marketing.css';
import { screenTitle, useDocumentTitle } from '../../shared/hooks/useDocumentTitle';

export default function NotFoundPage() {
  useDocumentTitle(screenTitle('Page Not Found'));
  return (
    <div className="page marketing">
      <section className="hero">
        <h1>404 Page Not Found</h1>
        <p className="hero-lead">That page does not exist. If you are stuck on the road, help is one tap away.</p>
        <div className="cta-row">
          <Link to="/" className="cta-button cta-primary">
            Back to Home
          </Link>
          <Link to="/sos" reloadDocument className="cta-button cta-emergency">
            STUCK NOW
          </Link>
          <CallLink variant="plain" />
        </div>
      </section>
    </div>
  );
}
