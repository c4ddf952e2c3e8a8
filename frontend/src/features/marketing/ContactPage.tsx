import { MailOutlined } from '@ant-design/icons';
import { BUSINESS, CONTACT_SERVICES, type ContactRequest, PHONE_MAX_LENGTH } from '@towing/contracts';
import { Button } from 'antd';
import { useState, type FormEvent } from 'react';
import { api } from '../../shared/api/client';
import { CallLink } from './components/CallLink';
import { validateContact } from './contact-form';
import { Field, NativeSelect, TextArea, TextInput, textOf } from './components/FormFields';
import './marketing.css';
import { errorText, serverErrors, type FieldErrors } from '../../shared/forms/serverErrors';
import { screenTitle, useDocumentTitle } from '../../shared/hooks/useDocumentTitle';
import { useNotification } from '../../shared/ui/notification';

const ZONES = [
  { name: 'Primary Zone', text: 'Downtown core and suburbs', response: '15 min average response' },
  { name: 'Extended Area', text: 'Outer suburbs and nearby towns', response: '30 min average response' },
  { name: 'Regional Coverage', text: 'The full 50-mile radius', response: '45 min maximum' },
];

export default function ContactPage() {
  useDocumentTitle(screenTitle('Contact Us'));
  const notification = useNotification();
  const [errors, setErrors] = useState<FieldErrors>({});
  const [sending, setSending] = useState(false);

  async function send(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const form = event.currentTarget;
    const data = new FormData(form);
    const message: ContactRequest = {
      firstName: textOf(data, 'firstName'),
      lastName: textOf(data, 'lastName'),
      phone: textOf(data, 'phone'),
      email: textOf(data, 'email'),
      serviceNeeded: textOf(data, 'serviceNeeded'),
      message: textOf(data, 'message'),
    };
    const found = validateContact(message);
    setErrors(found);
    if (Object.keys(found).length > 0) return;
    setSending(true);
    try {
      await api.call('POST /api/contact', { body: message });
      notification.success({ title: 'Message sent successfully!', description: "We'll get back to you within 2 hours." });
      form.reset();
    } catch (error) {
      setErrors(serverErrors(error).fields);
      notification.error({ title: 'Failed to send message', description: errorText(error) || 'Please try again later.' });
    } finally {
      setSending(false);
    }
  }

  return (
    <div className="page marketing">
      <section className="hero">
        <h1>Get In Touch</h1>
        <p className="hero-lead">Stuck right now? Call - we answer 24/7.</p>
        <div className="cta-row">
          <CallLink variant="emergency" label={`Emergency: Call ${BUSINESS.phone}`} />
        </div>
      </section>

      <div className="card-grid card-grid-3">
        <article className="info-card">
          <h2>Emergency Lines (24/7)</h2>
          {BUSINESS.staff.map((member) => (
            <p key={member.phoneE164}>
              <CallLink staff={member} variant="plain" label={`${member.firstName}: ${member.phone}`} />
            </p>
          ))}
        </article>
        <article className="info-card">
          <h2>Business Hours</h2>
          <p>Mon-Fri: 8AM-6PM</p>
          <p>Sat: 9AM-4PM</p>
          <p>Sunday: emergency calls only</p>
        </article>
        <article className="info-card">
          <h2>Email & Service Area</h2>
          <p>
            <a href={`mailto:${BUSINESS.email}`}>
              <MailOutlined aria-hidden /> {BUSINESS.email}
            </a>
          </p>
          <p>We respond within 2 hours.</p>
          <p>Greater Metro Area, 50-mile radius</p>
        </article>
      </div>

      <section className="form-panel" aria-labelledby="message-heading">
        <h2 id="message-heading">Send Us a Message</h2>
        <form onSubmit={send} noValidate>
          <div className="form-pair">
            <Field label="First name" error={errors.firstName}>
              {(props) => <TextInput {...props} name="firstName" autoComplete="given-name" maxLength={100} />}
            </Field>
            <Field label="Last name" error={errors.lastName}>
              {(props) => <TextInput {...props} name="lastName" autoComplete="family-name" maxLength={100} />}
            </Field>
          </div>
          <div className="form-pair">
            <Field label="Phone" error={errors.phone}>
              {(props) => <TextInput {...props} name="phone" type="tel" autoComplete="tel" inputMode="tel" maxLength={PHONE_MAX_LENGTH} />}
            </Field>
            <Field label="Email" error={errors.email}>
              {(props) => <TextInput {...props} name="email" type="email" autoComplete="email" maxLength={100} />}
            </Field>
          </div>
          <Field label="Service needed" error={errors.serviceNeeded}>
            {(props) => <NativeSelect {...props} name="serviceNeeded" options={CONTACT_SERVICES} placeholder="Select a service" />}
          </Field>
          <Field label="Message" error={errors.message}>
            {(props) => <TextArea {...props} name="message" rows={5} maxLength={5000} />}
          </Field>
          <Button type="primary" htmlType="submit" size="large" loading={sending}>
            Send Message
          </Button>
        </form>
      </section>

      <section aria-labelledby="zones-heading">
        <h2 id="zones-heading">Service Coverage</h2>
        <div className="card-grid card-grid-3">
          {ZONES.map((zone) => (
            <article key={zone.name} className="info-card">
              <h3>{zone.name}</h3>
              <p>{zone.text}</p>
              <p>
                <strong>{zone.response}</strong>
              </p>
            </article>
          ))}
        </div>
      </section>
    </div>
  );
}
