import CheckCircleFilled from '@ant-design/icons-svg/es/asn/CheckCircleFilled';
import { FLEET_SERVICES, FLEET_SIZES, type FleetInquiryRequest, PHONE_MAX_LENGTH } from '@towing/contracts';
import { Button } from 'antd';
import { useState, type FormEvent } from 'react';
import { api } from '../../shared/api/client';
import { CallLink } from './components/CallLink';
import { CheckboxGroup, Field, NativeSelect, TextArea, TextInput, textOf } from './components/FormFields';
import { FLEET_BENEFITS, FLEET_INDUSTRIES, FLEET_TIERS } from './content';
import './marketing.css';
import { screenTitle, useDocumentTitle } from '../../shared/hooks/useDocumentTitle';
import { useNotification } from '../../shared/ui/notification';
import { SvgIcon } from '../../shared/ui/SvgIcon';

export default function FleetContractsPage() {
  useDocumentTitle(screenTitle('Fleet Contracts'));
  const notification = useNotification();
  const [sending, setSending] = useState(false);

  async function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const form = event.currentTarget;
    const data = new FormData(form);
    const required = ['companyName', 'contactName', 'email', 'phone'].map((name) => textOf(data, name));
    const services = data.getAll('services').map(String);
    if (required.some((value) => !value) || services.length === 0) {
      notification.warning({ title: 'Missing required information', description: 'Please fill in all required fields' });
      return;
    }
    const [companyName, contactName, email, phone] = required as string[];
    const body: FleetInquiryRequest = {
      companyName,
      contactName,
      email,
      phone,
      fleetSize: textOf(data, 'fleetSize') || undefined,
      services: services.join(','),
      requirements: textOf(data, 'requirements') || undefined,
    };
    setSending(true);
    try {
      await api.call('POST /api/fleet-contracts', { body });
      notification.success({ title: 'Contract inquiry submitted!', description: "We'll contact you within 24 hours to discuss your requirements" });
      form.reset();
    } catch {
      notification.error({ title: 'Submission failed', description: 'Please try again or call us directly' });
    } finally {
      setSending(false);
    }
  }

  return (
    <div className="page marketing">
      <section className="hero">
        <h1>Fleet & Mining Contracts</h1>
        <p className="hero-lead">Priority recovery and maintenance for fleets, contractors and mine sites across the Pilbara.</p>
      </section>

      <section aria-labelledby="benefits-heading">
        <h2 id="benefits-heading">Why Contract With Us</h2>
        <div className="card-grid card-grid-4">
          {FLEET_BENEFITS.map((benefit) => (
            <article key={benefit.title} className="info-card">
              <h3>{benefit.title}</h3>
              <p>{benefit.text}</p>
            </article>
          ))}
        </div>
      </section>

      <section aria-labelledby="industries-heading">
        <h2 id="industries-heading">Industries We Serve</h2>
        <ul className="check-list check-list-columns">
          {FLEET_INDUSTRIES.map((industry) => (
            <li key={industry}>
              <SvgIcon icon={CheckCircleFilled} /> {industry}
            </li>
          ))}
        </ul>
      </section>

      <section aria-labelledby="tiers-heading">
        <h2 id="tiers-heading">Contract Tiers</h2>
        <div className="card-grid card-grid-3">
          {FLEET_TIERS.map((tier) => (
            <article key={tier.name} className="info-card tier-card">
              <h3>{tier.name}</h3>
              <p className="tier-tagline">{tier.tagline}</p>
              <p className="price">{tier.price}</p>
              <ul className="check-list">
                {tier.benefits.map((benefit) => (
                  <li key={benefit}>
                    <SvgIcon icon={CheckCircleFilled} /> {benefit}
                  </li>
                ))}
              </ul>
            </article>
          ))}
        </div>
      </section>

      <section className="form-panel" aria-labelledby="proposal-heading">
        <h2 id="proposal-heading">Request a Proposal</h2>
        <form onSubmit={submit} noValidate>
          <div className="form-pair">
            <Field label="Company name *">{(props) => <TextInput {...props} name="companyName" maxLength={200} autoComplete="organization" />}</Field>
            <Field label="Contact person *">{(props) => <TextInput {...props} name="contactName" maxLength={100} autoComplete="name" />}</Field>
          </div>
          <div className="form-pair">
            <Field label="Email *">{(props) => <TextInput {...props} name="email" type="email" maxLength={100} autoComplete="email" />}</Field>
            <Field label="Phone *">
              {(props) => <TextInput {...props} name="phone" type="tel" inputMode="tel" maxLength={PHONE_MAX_LENGTH} autoComplete="tel" />}
            </Field>
          </div>
          <Field label="Fleet size (optional)">
            {(props) => <NativeSelect {...props} name="fleetSize" options={FLEET_SIZES} placeholder="Select fleet size (vehicles)" />}
          </Field>
          <CheckboxGroup label="Services required *" name="services" options={FLEET_SERVICES} />
          <Field label="Requirements">
            {(props) => <TextArea {...props} name="requirements" rows={4} maxLength={5000} placeholder="Sites, vehicle types, response targets..." />}
          </Field>
          <div className="cta-row">
            <Button type="primary" htmlType="submit" size="large" loading={sending}>
              Request Proposal
            </Button>
            <CallLink variant="plain" />
          </div>
        </form>
      </section>
    </div>
  );
}
