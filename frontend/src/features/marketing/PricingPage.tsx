import { PRICES, formatMoney } from '@towing/contracts';
import { Link } from 'react-router-dom';
import { CallLink } from './components/CallLink';
import './marketing.css';
import { screenTitle, useDocumentTitle } from '../../shared/hooks/useDocumentTitle';

const RECOVERY = [
  { service: 'Basic 4x4 recovery', price: formatMoney(PRICES.recoveryBasic, { wholeDollars: true }), note: 'Simple snatch or winch, easy access' },
  { service: 'Complex 4x4 recovery', price: formatMoney(PRICES.recoveryComplex, { wholeDollars: true }), note: 'Deep bogging, multiple anchor points' },
  { service: 'Extreme 4x4 recovery', price: formatMoney(PRICES.recoveryExtreme, { wholeDollars: true }), note: 'Rollovers, river crossings, remote terrain' },
];

const REPAIRS = [
  { service: 'Diagnostic service', price: formatMoney(PRICES.diagnostic, { wholeDollars: true }), note: 'On-site scan and fault report' },
  { service: 'Mobile repairs', price: `${formatMoney(PRICES.mobileRepairsPerHour, { wholeDollars: true })}/hr`, note: 'Roadside and on-site repairs' },
  { service: 'Engine service', price: `${formatMoney(PRICES.engineServicePerHour, { wholeDollars: true })}/hr`, note: 'Engine repairs and servicing' },
  { service: 'Transmission work', price: `${formatMoney(PRICES.transmissionPerHour, { wholeDollars: true })}/hr`, note: 'Transmission and driveline' },
];

function PriceTable({ caption, rows }: { caption: string; rows: typeof RECOVERY }) {
  return (
    <table className="price-table">
      <caption>{caption}</caption>
      <thead>
        <tr>
          <th scope="col">Service</th>
          <th scope="col">Price</th>
        </tr>
      </thead>
      <tbody>
        {rows.map((row) => (
          <tr key={row.service}>
            <td>
              <strong>{row.service}</strong>
              <br />
              <small>{row.note}</small>
            </td>
            <td className="price">{row.price}</td>
          </tr>
        ))}
      </tbody>
    </table>
  );
}

export default function PricingPage() {
  useDocumentTitle(screenTitle('Pricing Guide'));
  return (
    <div className="page marketing">
      <section className="hero">
        <h1>Pricing Guide</h1>
        <p className="hero-lead">Clear prices, GST included. Payment is due on completion.</p>
      </section>
      <div className="card-grid card-grid-2">
        <PriceTable caption="4x4 Recovery" rows={RECOVERY} />
        <PriceTable caption="Mechanical Repairs" rows={REPAIRS} />
      </div>
      <section className="info-card" aria-labelledby="extras-heading">
        <h2 id="extras-heading">Additional Charges</h2>
        <ul>
          <li>
            After-hours surcharge: {PRICES.afterHoursPercent}% between {PRICES.afterHoursWindow}
          </li>
          <li>Mine site entry: adds {PRICES.mineSiteEntry}</li>
          <li>All prices include GST</li>
          <li>Payment due on completion</li>
        </ul>
      </section>
      <section className="emergency-cta">
        <h2>Want a firm price?</h2>
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
