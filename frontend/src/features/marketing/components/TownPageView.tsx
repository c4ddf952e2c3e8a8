import CheckCircleFilled from '@ant-design/icons-svg/es/asn/CheckCircleFilled';
import WarningOutlined from '@ant-design/icons-svg/es/asn/WarningOutlined';
import { Link } from 'react-router-dom';
import { screenTitle, useDocumentTitle } from '../../../shared/hooks/useDocumentTitle';
import { SvgIcon } from '../../../shared/ui/SvgIcon';
import { CallLink } from './CallLink';
import type { TownPage } from '../content';
import '../marketing.css';

export function TownPageView({ town }: { town: TownPage }) {
  useDocumentTitle(screenTitle(`${town.town} 4x4 Recovery`));
  return (
    <div className="page marketing">
      <section className="hero">
        <h1>{town.heading}</h1>
        <p className="hero-lead">{town.intro}</p>
        <div className="cta-row">
          <CallLink variant="emergency" />
          <Link to="/sos" reloadDocument className="cta-button cta-plain">
            STUCK NOW
          </Link>
        </div>
      </section>

      <div className="stat-grid">
        {town.highlights.map((item) => (
          <div key={item.label} className="stat">
            <strong>{item.value}</strong>
            <span>{item.label}</span>
          </div>
        ))}
      </div>

      <div className="card-grid card-grid-2">
        <article className="info-card">
          <h2>Services in {town.town}</h2>
          <ul className="check-list">
            {town.services.map((service) => (
              <li key={service}>
                <SvgIcon icon={CheckCircleFilled} /> {service}
              </li>
            ))}
          </ul>
        </article>
        <article className="info-card">
          <h2>{town.town} Rates</h2>
          <table className="price-table">
            <tbody>
              {town.rates.map((rate) => (
                <tr key={rate.service}>
                  <td>{rate.service}</td>
                  <td className="price">{rate.price}</td>
                </tr>
              ))}
              {town.extras.map((extra) => (
                <tr key={extra.label}>
                  <td>{extra.label}</td>
                  <td className="price price-terms">{extra.value}</td>
                </tr>
              ))}
            </tbody>
          </table>
          <p>
            <small>All prices include GST.</small>
          </p>
        </article>
      </div>

      <section className="info-card" aria-labelledby="areas-heading">
        <h2 id="areas-heading">Areas We Cover</h2>
        <p>{town.areas.join(' · ')}</p>
      </section>

      <p className="notice">
        <SvgIcon icon={WarningOutlined} /> {town.notice}
      </p>
    </div>
  );
}
