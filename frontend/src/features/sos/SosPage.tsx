import { AimOutlined, CameraOutlined, MessageOutlined, PhoneOutlined } from '@ant-design/icons';
import { BUSINESS, EMERGENCY_DEFAULTS, formatPerthDateTime, type Job, type JobResponse } from '@towing/contracts';
import { Alert, App, Button, Card, Form, Input, Result, Spin, Typography } from 'antd';
import { type ChangeEvent, useEffect, useEffectEvent, useRef, useState } from 'react';
import { api, HttpError } from '../../api/client';
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
import type { QueuedEmergency, SentEmergency } from './offline-queue';
import { PHOTO_ACCEPT, photoProblem, uploadJobPhoto } from './photo-upload';
import { dropPhoto, keepPhoto, takePhoto } from './photo-store';
import { reverseGeocode } from './reverse-geocode';
import { useEmergencyQueue } from './useEmergencyQueue';
import './sos.css';

const blankForm: EmergencyFormValues = { location: '', phone: '', name: '', vehicle: '', situation: '' };

type PhotoState = { status: 'sending' } | { status: 'sent' } | { status: 'failed'; message: string };

function sendQueued(entry: QueuedEmergency): Promise<Job> {
  return api
    .post<JobResponse>('/api/jobs', entry.request, { headers: { 'Idempotency-Key': entry.idempotencyKey } })
    .then((answer) => answer.job);
}

/** A refusal the same request would get again (bad input); anything else is worth resending. */
function isFinalRefusal(error: unknown): error is HttpError {
  return error instanceof HttpError && error.status >= 400 && error.status < 500 && error.status !== 408 && error.status !== 429;
}

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
  const [photo, setPhoto] = useState<File | null>(null);
  const [photoError, setPhotoError] = useState<string | null>(null);
  const [photoState, setPhotoState] = useState<PhotoState | null>(null);
  /** Photos waiting for their SOS to reach the server, by Idempotency-Key; queued ones are also kept in IndexedDB. */
  const pendingPhotos = useRef(new Map<string, File>());

  function created(createdJob: Job, idempotencyKey: string) {
    setJob(createdJob);
    notification.success({
      title: 'Emergency request sent!',
      description: "We're dispatching help immediately. We'll call you shortly.",
    });
    void attachPhoto(createdJob.id, idempotencyKey);
  }

  async function attachPhoto(jobId: string, idempotencyKey: string) {
    const inMemory = pendingPhotos.current.get(idempotencyKey);
    pendingPhotos.current.delete(idempotencyKey);
    const pendingPhoto = inMemory ?? (await takePhoto(idempotencyKey));
    if (inMemory) void dropPhoto(idempotencyKey);
    if (!pendingPhoto) return;
    setPhotoState({ status: 'sending' });
    try {
      await uploadJobPhoto(jobId, pendingPhoto, idempotencyKey);
      setPhotoState({ status: 'sent' });
    } catch (error) {
      setPhotoState({
        status: 'failed',
        message: error instanceof HttpError && typeof error.body?.message === 'string' ? error.body.message : 'The photo could not be sent',
      });
    }
  }

  const queue = useEmergencyQueue(sendQueued, isFinalRefusal, ({ job: sentJob, entry }: SentEmergency) => created(sentJob, entry.idempotencyKey));

  function choosePhoto(event: ChangeEvent<HTMLInputElement>) {
    const file = event.target.files?.[0] ?? null;
    const problem = file ? photoProblem(file) : null;
    setPhotoError(problem);
    setPhoto(problem ? null : file);
    if (problem) event.target.value = '';
  }

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
        if (!explicit && form.isFieldTouched('location')) return;
        const gpsText = gpsLocationText(fix);
        form.setFieldValue('location', gpsText);
        void reverseGeocode(fix).then((address) => {
          // Only upgrade the coordinates we wrote; never overwrite what the driver typed meanwhile.
          if (address && form.getFieldValue('location') === gpsText) form.setFieldValue('location', address);
        });
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

    if (photo) pendingPhotos.current.set(idempotencyKey, photo);

    setSending(true);
    try {
      const answer = await api.post<JobResponse>('/api/jobs', request, {
        headers: { 'Idempotency-Key': idempotencyKey },
      });
      queue.remove(idempotencyKey);
      created(answer.job, idempotencyKey);
    } catch (error) {
      if (isFinalRefusal(error)) {
        pendingPhotos.current.delete(idempotencyKey);
        void dropPhoto(idempotencyKey);
        notification.error({
          title: 'Request not sent',
          description: error.body?.errors?.map((fieldError) => fieldError.message).join('. ') ?? error.message,
        });
        return;
      }
      // Stored before the queued state shows, so closing the page right away cannot lose the photo.
      if (photo) await keepPhoto(idempotencyKey, photo);
      queue.add({ idempotencyKey, request, timestamp: new Date().toISOString() });
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

      {!job && queue.queued.length > 0 && (
        <Alert
          type="warning"
          showIcon
          role="status"
          className="sos-queued"
          title={queue.sending ? 'Sending your saved emergency request...' : 'Request saved offline - waiting for signal'}
          description={
            <>
              <Typography.Paragraph>
                Saved on this phone at {formatPerthDateTime(queue.queued[0]!.timestamp)}. It will be sent automatically as soon
                as you have a connection; you don't need to press anything.
              </Typography.Paragraph>
              <Typography.Paragraph strong>If you can get a call out, ring us on {BUSINESS.phone}.</Typography.Paragraph>
              {queue.sending && <Spin size="small" />}
            </>
          }
        />
      )}

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
                  {photoState && (
                    <Typography.Paragraph type={photoState.status === 'failed' ? 'danger' : undefined}>
                      {photoState.status === 'sending' && 'Sending your photo...'}
                      {photoState.status === 'sent' && 'Photo received.'}
                      {photoState.status === 'failed' && `Photo not sent: ${photoState.message}`}
                    </Typography.Paragraph>
                  )}
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

          <Form.Item
            label="Photo (optional)"
            htmlFor="sos-photo"
            validateStatus={photoError ? 'error' : undefined}
            help={photoError ?? (photo ? photo.name : undefined)}
          >
            <label className="sos-photo">
              <CameraOutlined /> {photo ? 'Change photo' : 'Take or choose a photo'}
              <input id="sos-photo" type="file" accept={PHOTO_ACCEPT} capture="environment" onChange={choosePhoto} />
            </label>
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
