import { StarFilled } from '@ant-design/icons';
import { BUSINESS, TESTIMONIAL_DEFAULTS, TESTIMONIAL_SERVICES, type Testimonial, type TestimonialRequest } from '@towing/contracts';
import { Button } from 'antd';
import { useQuery } from '@tanstack/react-query';
import { useState, type FormEvent } from 'react';
import { api } from '../../shared/api/client';
import { queryClient } from '../../shared/query/queryClient';
import { Field, NativeSelect, StarRating, TextArea, TextInput, textOf } from './components/FormFields';
import './marketing.css';
import { screenTitle, useDocumentTitle } from '../../shared/hooks/useDocumentTitle';
import { useNotification } from '../../shared/ui/notification';

const perthDate = new Intl.DateTimeFormat(BUSINESS.locale, { timeZone: BUSINESS.timeZone, dateStyle: 'medium' });

const TESTIMONIALS = ['testimonials', 'approved'] as const;

async function readTestimonials(): Promise<Testimonial[]> {
  try {
    return await api.call('GET /api/testimonials');
  } catch (error) {
    console.error('Loading testimonials failed', error);
    throw error;
  }
}

export default function TestimonialsPage() {
  useDocumentTitle(screenTitle('Testimonials'));
  const notification = useNotification();
  // Remounts the form after a submission, which also puts the stars back to 5.
  const [formKey, setFormKey] = useState(0);
  const read = useQuery({ queryKey: TESTIMONIALS, queryFn: readTestimonials }, queryClient);
  // A page whose list could not be read invites the first testimonial rather than spinning.
  const testimonials: Testimonial[] | null = read.data ?? (read.isError ? [] : null);
  const [sending, setSending] = useState(false);


  async function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const data = new FormData(event.currentTarget);
    const name = textOf(data, 'name');
    const message = textOf(data, 'message');
    const service = textOf(data, 'service');
    if (!name || !message || !service) {
      notification.warning({ title: 'Please fill in required fields', description: 'Name, service, and testimonial are required' });
      return;
    }
    const body: TestimonialRequest = {
      name,
      location: textOf(data, 'location') || TESTIMONIAL_DEFAULTS.location,
      rating: Number(textOf(data, 'rating')) || TESTIMONIAL_DEFAULTS.rating,
      message,
      service,
    };
    setSending(true);
    try {
      await api.call('POST /api/testimonials', { body });
      notification.success({ title: 'Thank you!', description: 'Your testimonial has been submitted successfully' });
      setFormKey((key) => key + 1);
      void read.refetch();
    } catch {
      notification.error({ title: 'Submission failed', description: 'Please try again later' });
    } finally {
      setSending(false);
    }
  }

  return (
    <div className="page marketing">
      <section className="hero">
        <h1>Customer Testimonials</h1>
        <p className="hero-lead">What Pilbara drivers say after we got them moving again.</p>
      </section>

      <section className="form-panel" aria-labelledby="share-heading">
        <h2 id="share-heading">Share Your Experience</h2>
        <form key={formKey} onSubmit={submit} noValidate>
          <div className="form-pair">
            <Field label="Your name">{(props) => <TextInput {...props} name="name" maxLength={100} autoComplete="name" />}</Field>
            <Field label="Location (optional)">
              {(props) => <TextInput {...props} name="location" maxLength={200} placeholder={TESTIMONIAL_DEFAULTS.location} />}
            </Field>
          </div>
          <Field label="Service">
            {(props) => <NativeSelect {...props} name="service" options={TESTIMONIAL_SERVICES} placeholder="Select the service you received" />}
          </Field>
          <StarRating name="rating" defaultValue={TESTIMONIAL_DEFAULTS.rating} />
          <Field label="Your testimonial">{(props) => <TextArea {...props} name="message" rows={4} maxLength={2000} />}</Field>
          <Button type="primary" htmlType="submit" size="large" loading={sending}>
            Submit Testimonial
          </Button>
        </form>
      </section>

      <section aria-labelledby="reviews-heading">
        <h2 id="reviews-heading">What Our Customers Say</h2>
        {testimonials !== null && testimonials.length === 0 && <p className="empty-state">Be the first to share your experience!</p>}
        <div className="card-grid card-grid-3">
          {testimonials?.map((testimonial) => (
            <article key={testimonial.id} className="info-card testimonial-card">
              <div className="stars" aria-label={`${testimonial.rating} out of 5 stars`}>
                {Array.from({ length: 5 }, (_, index) => (
                  <StarFilled key={index} className={index < testimonial.rating ? 'star-on' : 'star-off'} aria-hidden />
                ))}
              </div>
              <p className="testimonial-message">“{testimonial.message}”</p>
              <p>
                <strong>{testimonial.name}</strong>, {testimonial.location}
              </p>
              <p className="testimonial-meta">
                {testimonial.service} · {perthDate.format(new Date(testimonial.createdAt))}
              </p>
            </article>
          ))}
        </div>
      </section>
    </div>
  );
}
