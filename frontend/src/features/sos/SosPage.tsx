import { AimOutlined, MessageOutlined, PhoneOutlined } from '@ant-design/icons';
import { BUSINESS, EMERGENCY_DEFAULTS, type Job, type JobResponse } from '@towing/contracts';
import { App, Button, Card, Form, Input, Result, Typography } from 'antd';
import { useEffect, useEffectEvent, useRef, useState } from 'react';
import { api } from '../../api/client';
import { useIdempotencyKey } from '../../api/useIdempotencyKey';
import { screenTitle, useDocumentTitle } from '../../hooks/useDocumentTitle';
import {
  buildEmergencyRequest,
  callHref,
  gpsLocationText,
  smsHref,
  type EmergencyFormValues,
  type GpsFix,
} from './emergency-request';

const blankForm: EmergencyFormValues = { location: '', phone: '', name: '', vehicle: '', situation: '' };

export default function SosPage() {
  useDocumentTitle(screenTitle('Emergency Recovery'));
  const { notification } = App.useApp();
  const [form] = Form.useForm<EmergencyFormValues>();
  const phone = Form.useWatch('phone', form) ?? '';
  const [gps, setGps] = useState<GpsFix | null>(null);
  const [locating, setLocating] = useState(false);
  const [sending, setSending] = useState(false);
  const [job, setJob] = useState<Job | null>(null);
  const keyFor = useIdempotencyKey();
  const confirmation = useRef<HTMLDivElement>(null);

  /** @param explicit the driver pressed Refresh GPS, so the fix replaces whatever the box says */
  function locate(explicit: boolean) {
    if (!('geolocation' in navigator)) {
      notification.warning({ title: 'Location not supported', description: 'Please describe your location in the form' });
      return;
    }
    setLocating(true);
    navigator.geolocation.getCurrentPosition(
      ({ coords }) => {
        setLocating(false);
        const fix = { lat: coords.latitude, lng: coords.longitude };
        setGps(fix);
        // The fix asked for on open can arrive after the driver started describing the spot; keep their words.
        if (explicit || !form.isFieldTouched('location')) form.setFieldValue('location', gpsLocationText(fix));
      },
      (error) => {
        setLocating(false);
        if (error.code === error.PERMISSION_DENIED) {
          notification.warning({
            title: 'Location access denied',
            description: 'Please allow location access or describe your location',
          });
        }
      },
      { enableHighAccuracy: true, timeout: 10_000 },
    );
  }

  const locateOnOpen = useEffectEvent(() => locate(false));
  useEffect(() => locateOnOpen(), []);

  useEffect(() => {
    // On a phone the confirmation would otherwise appear off-screen above the send button.
    if (job) confirmation.current?.scrollIntoView({ behavior: 'smooth', block: 'start' });
  }, [job]);

  async function send(values: EmergencyFormValues) {
    if (!values.phone.trim()) {
      notification.error({ title: 'Phone number required', description: 'We need your phone number to contact you' });
      return;
    }
    const request = buildEmergencyRequest(values, gps);
    // The arrival time moves with the clock; it does not make a retry a different request.
    const idempotencyKey = keyFor({ ...request, estimatedArrival: undefined });

    setSending(true);
    try {
      const answer = await api.post<JobResponse>('/api/jobs', request, {
        headers: { 'Idempotency-Key': idempotencyKey },
      });
      setJob(answer.job);
      notification.success({
        title: 'Emergency request sent!',
        description: "We're dispatching help immediately. We'll call you shortly.",
      });
    } catch {
      notification.info({
        title: 'Request saved offline',
        description: 'Your emergency request will be sent as soon as connection is restored. Please call us directly.',
      });
    } finally {
      setSending(false);
    }
  }

  return (
    <div className="sos">
      <div className="sos-banner">Emergency 4x4 Recovery - We're here to help!</div>

      <div className="sos-contact">
        <Button type="primary" danger size="large" block href={callHref} icon={<PhoneOutlined />} className="sos-big">
          Call {BUSINESS.phone}
        </Button>
        <Button size="large" block href={smsHref(gps)} icon={<MessageOutlined />} className="sos-big">
          Send SMS
        </Button>
      </div>

      {job && (
        <div ref={confirmation} className="sos-confirmation">
          <Card>
            <Result
              status="success"
              title="Help is on the way!"
              subTitle="We've received your emergency request and are dispatching help immediately."
              extra={
                <>
                  <Typography.Paragraph strong>
                    We'll call you within {EMERGENCY_DEFAULTS.callbackMinutes} minutes
                  </Typography.Paragraph>
                  <Typography.Paragraph>
                    Job ID: <Typography.Text strong>{job.id}</Typography.Text>
                  </Typography.Paragraph>
                  <Button type="primary" danger size="large" block href={callHref} icon={<PhoneOutlined />} className="sos-big">
                    Call {BUSINESS.phone}
                  </Button>
                </>
              }
            />
          </Card>
        </div>
      )}

      <Card title="Quick Recovery Request">
        <Form form={form} layout="vertical" size="large" initialValues={blankForm} onFinish={send}>
          <Form.Item label="Location" name="location">
            <Input.TextArea autoSize={{ minRows: 2, maxRows: 4 }} placeholder="Road, track or landmark" />
          </Form.Item>
          <Button block icon={<AimOutlined />} loading={locating} onClick={() => locate(true)} className="sos-refresh">
            Refresh GPS
          </Button>

          <Form.Item label="Phone" name="phone" required>
            <Input type="tel" inputMode="tel" autoComplete="tel" placeholder="04xx xxx xxx" />
          </Form.Item>
          <Form.Item label="Name (optional)" name="name">
            <Input autoComplete="name" />
          </Form.Item>
          <Form.Item label="Vehicle details" name="vehicle">
            <Input placeholder="Make, model, colour" />
          </Form.Item>
          <Form.Item label="What happened?" name="situation">
            <Input.TextArea autoSize={{ minRows: 3, maxRows: 6 }} placeholder="Bogged, broken down, rolled, stuck in a creek..." />
          </Form.Item>

          <Button
            type="primary"
            danger
            htmlType="submit"
            block
            loading={sending}
            disabled={phone === '' || sending}
            className="sos-big"
          >
            Send Emergency Request
          </Button>
        </Form>
      </Card>
    </div>
  );
}
