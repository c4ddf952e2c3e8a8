import { BUSINESS } from '@towing/contracts';
import { CallLink } from './components/CallLink';
import './marketing.css';
import { screenTitle, useDocumentTitle } from '../../shared/hooks/useDocumentTitle';

const [recovery, mechanic] = BUSINESS.staff;

const STATS = [
  { value: '7+', label: 'Years Mechanical Experience' },
  { value: '500+', label: 'Successful Recoveries' },
  { value: '24/7', label: 'Emergency Service' },
  { value: '100%', label: 'Customer Satisfaction' },
];

const OWNERS = [
  { member: recovery, focus: '4x4 recovery, heavy vehicle operations, mining site certified.' },
  { member: mechanic, focus: '7 years of mechanical work; on-site diagnosis and repair.' },
];

const STANDARDS = [
  { title: 'Licensed', text: 'State-licensed towing operator with all required permits.', badge: 'Verified' },
  { title: 'Insured', text: 'Fully bonded and insured for your peace of mind.', badge: '$2M Coverage' },
  { title: 'Experienced', text: '7 years of mechanical work and 4x4 recovery across the Pilbara.', badge: 'Proven Track Record' },
  { title: 'Trusted', text: 'BBB accredited with an A+ rating.', badge: 'BBB A+' },
];

const VALUES = [
  { title: 'Always Ready', text: 'Phones on, trucks fuelled, gear packed: any hour, any day.' },
  { title: 'Honest Service', text: 'We tell you what it costs before we start, and we fix only what needs fixing.' },
  { title: 'Problem Solvers', text: 'Remote tracks and odd faults are what we do best.' },
];

const PILLARS = [
  { title: 'Local Knowledge', text: 'We know every track and trail from the Burrup to the Hamersley Range.' },
  { title: 'Rapid Response', text: 'Two trucks, two mates: one of us is always ready to roll.' },
  { title: 'Fair Pricing', text: 'Local rates with no city markups, GST included.' },
];

export default function AboutPage() {
  useDocumentTitle(screenTitle('About Us'));
  return (
    <div className="page marketing">
      <section className="hero">
        <h1>
          Meet {recovery.firstName} & {mechanic.firstName}
        </h1>
        <p className="hero-lead">Two local mates bringing professional 4x4 recovery and mechanical expertise to the Pilbara region.</p>
      </section>

      <section aria-labelledby="story-heading">
        <h2 id="story-heading">Our Story</h2>
        <p>
          {recovery.firstName} spent years pulling vehicles out of creek beds and dunes for mates before it became a business. {mechanic.firstName} was the
          mechanic everyone in Karratha called when the workshop said "two weeks".
        </p>
        <p>
          In the Pilbara a breakdown is never just an inconvenience: distances are long, the heat is serious and phone signal comes and goes. We started{' '}
          {BUSINESS.name} so that locals, FIFO workers and travellers would always have someone to call.
        </p>
        <p>
          Today we run two fully equipped trucks out of {BUSINESS.base}, covering town, the coast and the mine sites inland, 24 hours a day, 7 days a
          week.
        </p>
        <p>We still answer our own phones. When you call, you talk to one of the two people who will come and get you.</p>
        <div className="stat-grid">
          {STATS.map((stat) => (
            <div key={stat.label} className="stat">
              <strong>{stat.value}</strong>
              <span>{stat.label}</span>
            </div>
          ))}
        </div>
        <div className="card-grid card-grid-2">
          {OWNERS.map(({ member, focus }) => (
            <article key={member.phoneE164} className="info-card owner-card">
              <h3>{member.firstName}</h3>
              <p className="owner-role">{member.role}</p>
              <p>{focus}</p>
              <CallLink staff={member} />
            </article>
          ))}
        </div>
      </section>

      <section aria-labelledby="standards-heading">
        <h2 id="standards-heading">Professional Standards</h2>
        <div className="card-grid card-grid-4">
          {STANDARDS.map((standard) => (
            <article key={standard.title} className="info-card">
              <span className="badge">{standard.badge}</span>
              <h3>{standard.title}</h3>
              <p>{standard.text}</p>
            </article>
          ))}
        </div>
      </section>

      <section aria-labelledby="drives-heading">
        <h2 id="drives-heading">What Drives Us</h2>
        <div className="card-grid card-grid-3">
          {VALUES.map((value) => (
            <article key={value.title} className="info-card">
              <h3>{value.title}</h3>
              <p>{value.text}</p>
            </article>
          ))}
        </div>
      </section>

      <section className="emergency-cta" aria-labelledby="locals-heading">
        <h2 id="locals-heading">Locals Helping Locals</h2>
        <p>From Karratha's suburbs to remote mining operations, we are part of the community we serve.</p>
        <div className="card-grid card-grid-3">
          {PILLARS.map((pillar) => (
            <article key={pillar.title} className="info-card">
              <h3>{pillar.title}</h3>
              <p>{pillar.text}</p>
            </article>
          ))}
        </div>
      </section>
    </div>
  );
}
