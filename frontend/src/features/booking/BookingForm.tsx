import { CalendarOutlined, ClockCircleOutlined, PhoneOutlined, ThunderboltOutlined } from '@ant-design/icons';
import { type Booking, BOOKING_SERVICES_DETAILED, BOOKING_SERVICES_SIMPLE, BUSINESS, type CreateBookingRequest, formatPerthDateTime, isSlotStillAhead, perthInstant, openTimeSlots, PAST_SLOT_MESSAGE, telHref, todayInPerth, type Urgency, givenText } from '@towing/contracts';
import { Alert, Button, Card, Col, Form, Input, Radio, Row, Select, Tag, Typography } from 'antd';
import { type ReactNode, useEffect, useRef, useState } from 'react';
import { api } from '../../shared/api/client';
import { phoneRule } from '../../shared/forms/phoneRule';
import { applyServerErrors } from '../../shared/forms/serverErrors';
import './booking.css';
import { useNotification } from '../../shared/ui/notification';

type BookingValues = Required<Omit<CreateBookingRequest, 'vehicleDetails'>> & { vehicleDetails?: string };

const URGENCY_CARDS: Array<{ value: Urgency; title: string; detail: string; icon: ReactNode }> = [
  { value: 'emergency', title: 'Emergency', detail: 'Stranded now: we come straight away', icon: <ThunderboltOutlined /> },
  { value: 'same-day', title: 'Same Day', detail: 'Within 4-6 hours', icon: <ClockCircleOutlined /> },
  { value: 'scheduled', title: 'Scheduled', detail: 'On the day and time you pick', icon: <CalendarOutlined /> },
];

/** `required` marks the field with antd's asterisk; the validator alone decides, so an empty box shows one message. */
const minLength = (length: number, message: string) => ({
  required: true,
  validator: (_rule: unknown, value: string | undefined) =>
    (value ?? '').trim().length >= length ? Promise.resolve() : Promise.reject(new Error(message)),
});

interface Props {
  /** 'simple' is /booking's form; 'detailed' is /book-service's, with flagged services and urgency cards. */
  variant: 'simple' | 'detailed';
}

/** Both booking forms (docs/rules.md, "Forms"); the server checks the same rules. */
export function BookingForm({ variant }: Props) {
  const notification = useNotification();
  const [form] = Form.useForm<BookingValues>();
  const [sending, setSending] = useState(false);
  /** The booking just made: its reference is shown where the customer is brought to, above the emptied form. */
  const [booked, setBooked] = useState<Booking | null>(null);
  const bookedNotice = useRef<HTMLDivElement>(null);
  useEffect(() => {
    if (booked) bookedNotice.current?.scrollIntoView({ behavior: 'smooth', block: 'start' });
  }, [booked]);
  const detailed = variant === 'detailed';
  const today = todayInPerth();
  const chosenDate = Form.useWatch('preferredDate', form) as string | undefined;
  // A day with no slot left (after 5:30 PM) cannot be chosen; on today only the slots still ahead are offered.
  const firstDay = openTimeSlots(today).length > 0 ? today : todayInPerth(new Date(Date.now() + 86_400_000));
  const slots = openTimeSlots(chosenDate && chosenDate >= firstDay ? chosenDate : firstDay);

  async function submit(values: BookingValues) {
    setSending(true);
    try {
      const request: CreateBookingRequest = {
        customerName: values.customerName.trim(),
        phone: values.phone.trim(),
        email: values.email.trim(),
        service: values.service,
        location: values.location.trim(),
        preferredDate: values.preferredDate,
        preferredTime: values.preferredTime,
        urgency: values.urgency,
        description: values.description.trim(),
      };
      const vehicleDetails = givenText(values.vehicleDetails);
      if (vehicleDetails) request.vehicleDetails = vehicleDetails;
      setBooked(await api.call('POST /api/bookings', { body: request }));
      notification.success({
        title: detailed ? 'Service Booked Successfully!' : 'Booking Submitted!',
        description: "We'll contact you within 30 minutes to confirm your booking.",
      });
      form.resetFields();
    } catch (error) {
      applyServerErrors(form, error);
      notification.error({ title: 'Booking Failed', description: 'Please try again or call us directly for immediate assistance.' });
    } finally {
      setSending(false);
    }
  }

  const serviceOptions: Array<{ value: string; label: ReactNode }> = detailed
    ? BOOKING_SERVICES_DETAILED.map(({ value, urgent }) => ({
        value,
        label: (
          <span>
            {value} {urgent && <Tag color="red">Urgent</Tag>}
          </span>
        ),
      }))
    : BOOKING_SERVICES_SIMPLE.map((value) => ({ value, label: value }));

  return (
    <Card className="booking-card">
      {booked && (
        <div ref={bookedNotice} className="booking-notice booking-done">
          <Alert
            type="success"
            showIcon
            title={`Booking reference: #${booked.id}`}
            description={`${booked.service} on ${formatPerthDateTime(perthInstant(booked.preferredDate, booked.preferredTime))}. We'll contact you within 30 minutes to confirm your booking; keep this reference for when you call us.`}
          />
        </div>
      )}
      {detailed && (
        <>
          <Alert
            type="info"
            showIcon
            className="booking-notice"
            title="Every booking becomes a tracking job"
            description="Once we confirm your booking it becomes a job you can follow live; we text you the job ID and tracking link."
          />
          <Alert
            type="error"
            showIcon
            className="booking-notice"
            title="Stranded right now?"
            description={
              <>
                Don't wait for a booking: call our 24/7 emergency hotline on{' '}
                <a href={telHref(BUSINESS.phoneE164)}>{BUSINESS.phone}</a> or use the{' '}
                <a href="/sos">emergency request</a>.
              </>
            }
          />
        </>
      )}
      <Form form={form} layout="vertical" onFinish={submit} initialValues={{ urgency: 'scheduled' }} disabled={sending} size="large">
        <Row gutter={16}>
          <Col xs={24} md={12}>
            <Form.Item label="Full name" name="customerName" rules={[minLength(2, 'Name must be at least 2 characters')]}>
              <Input autoComplete="name" />
            </Form.Item>
          </Col>
          <Col xs={24} md={12}>
            <Form.Item label="Phone" name="phone" rules={[phoneRule]}>
              <Input type="tel" inputMode="tel" autoComplete="tel" placeholder="04xx xxx xxx" />
            </Form.Item>
          </Col>
        </Row>
        <Form.Item
          label="Email"
          name="email"
          rules={[
            { required: true, message: 'Please enter a valid email address' },
            { type: 'email', message: 'Please enter a valid email address' },
          ]}
        >
          <Input type="email" autoComplete="email" />
        </Form.Item>
        <Form.Item label="Service" name="service" rules={[{ required: true, message: 'Please select a service' }]}>
          <Select placeholder="Select a service" options={serviceOptions} />
        </Form.Item>
        <Form.Item label="Location" name="location" rules={[minLength(5, 'Please provide a detailed location')]}>
          <Input placeholder="Street address, town, or track and landmark" />
        </Form.Item>
        <Row gutter={16}>
          <Col xs={24} md={12}>
            <Form.Item label="Preferred date" name="preferredDate" rules={[{ required: true, message: 'Please select a preferred date' }]}>
              <Input type="date" min={firstDay} />
            </Form.Item>
          </Col>
          <Col xs={24} md={12}>
            <Form.Item
              label="Preferred time"
              name="preferredTime"
              dependencies={['preferredDate']}
              rules={[
                { required: true, message: 'Please select a preferred time' },
                ({ getFieldValue }) => ({
                  validator: (_rule: unknown, slot: string | undefined) => {
                    const date = getFieldValue('preferredDate') as string | undefined;
                    return !slot || !date || isSlotStillAhead(date, slot) ? Promise.resolve() : Promise.reject(new Error(PAST_SLOT_MESSAGE));
                  },
                }),
              ]}
            >
              <Select placeholder="Select a time" options={slots.map((slot) => ({ value: slot, label: slot }))} />
            </Form.Item>
          </Col>
        </Row>
        <Form.Item label="Urgency" name="urgency">
          {detailed ? (
            <Radio.Group className="urgency-cards">
              {URGENCY_CARDS.map((card) => (
                <Radio.Button key={card.value} value={card.value} className="urgency-card">
                  <span className="urgency-card-title">
                    {card.icon} {card.title}
                  </span>
                  <span className="urgency-card-detail">{card.detail}</span>
                </Radio.Button>
              ))}
            </Radio.Group>
          ) : (
            <Select options={URGENCY_CARDS.map((card) => ({ value: card.value, label: `${card.title} - ${card.detail}` }))} />
          )}
        </Form.Item>
        <Form.Item label="Vehicle details (optional)" name="vehicleDetails">
          <Input placeholder="Make, model, year" />
        </Form.Item>
        <Form.Item
          label="Describe what you need"
          name="description"
          rules={[minLength(10, 'Please provide more details about your service needs')]}
        >
          <Input.TextArea rows={4} maxLength={5000} />
        </Form.Item>
        <Button type="primary" htmlType="submit" size="large" block loading={sending}>
          {detailed ? 'Book Service' : 'Submit Booking'}
        </Button>
        <Typography.Paragraph type="secondary" className="booking-promise">
          We'll contact you within 30 minutes to confirm. Need help now? Call <a href={telHref(BUSINESS.phoneE164)}>{BUSINESS.phone}</a>.
        </Typography.Paragraph>
      </Form>
      {!detailed && (
        <Button type="link" icon={<PhoneOutlined />} href={telHref(BUSINESS.phoneE164)}>
          Call {BUSINESS.phone}
        </Button>
      )}
    </Card>
  );
}
