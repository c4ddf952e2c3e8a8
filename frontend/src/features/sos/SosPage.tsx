import AimOutlined from '@ant-design/icons-svg/es/asn/AimOutlined';
import CameraOutlined from '@ant-design/icons-svg/es/asn/CameraOutlined';
import CheckCircleFilled from '@ant-design/icons-svg/es/asn/CheckCircleFilled';
import MessageOutlined from '@ant-design/icons-svg/es/asn/MessageOutlined';
import PhoneOutlined from '@ant-design/icons-svg/es/asn/PhoneOutlined';
import {
  BUSINESS,
  buildSosRequest,
  EMERGENCY_DEFAULTS,
  type EmergencyFormValues,
  formatPerthDateTime,
  gpsLocationText,
  type Job,
  PHONE_MAX_LENGTH,
  type PhoneFix,
  routePath,
  type SosResponse,
} from '@towing/contracts';
import { type ChangeEvent, type FormEvent, useEffect, useEffectEvent, useRef, useState } from 'react';
import { api, HttpError } from '../../shared/api/client';
import { timeoutSignal } from '../../shared/api/timeout-signal';
import { useIdempotencyKey } from '../../shared/api/useIdempotencyKey';
import { errorText, serverErrors } from '../../shared/forms/serverErrors';
import { screenTitle, useDocumentTitle } from '../../shared/hooks/useDocumentTitle';
import { useNotification } from '../../shared/ui/notification';
import { SvgIcon } from '../../shared/ui/SvgIcon';
import { callHref, phoneFix, smsHref } from './emergency-request';
import { type QueuedEmergency, SEND_TIMEOUT_MS, type SentEmergency } from './offline-queue';
import { PHOTO_ACCEPT, photoProblem, uploadJobPhoto } from './photo-upload';
import { dropPhoto, keepPhoto, takePhoto } from './photo-store';
import { reverseGeocode } from './reverse-geocode';
import { useEmergencyQueue } from './hooks/useEmergencyQueue';
import './sos.css';

const blankForm: EmergencyFormValues = { location: '', phone: '', name: '', vehicle: '', situation: '' };
const FIELD_IDS = {
  location: 'sos-location',
  phone: 'sos-phone',
  name: 'sos-name',
  vehicle: 'sos-vehicle',
  situation: 'sos-situation',
} as const satisfies Partial<Record<keyof EmergencyFormValues, string>>;

type PhotoState = { status: 'sending' } | { status: 'sent' } | { status: 'failed'; message: string };

/** The SOS command, first from the form and then from the queue; no answer within SEND_TIMEOUT_MS counts as no signal. */
function sendSos({ request, idempotencyKey }: Pick<QueuedEmergency, 'request' | 'idempotencyKey'>): Promise<SosResponse> {
  return api.call('POST /api/sos', { body: request, headers: { 'Idempotency-Key': idempotencyKey }, signal: timeoutSignal(SEND_TIMEOUT_MS) });
}

/** A refusal the same request would get again (bad input); anything else is worth resending. */
function isFinalRefusal(error: unknown): error is HttpError {
  return error instanceof HttpError && error.status >= 400 && error.status < 500 && error.status !== 408 && error.status !== 429;
}

/** A spinner for a busy control or status line; the text beside it says what is happening. */
function Busy() {
  return <span className="sos-spinner" aria-hidden />;
}

/**
 * Plain elements and sos.css, no component library: a driver on one bar of signal downloads
 * this screen before anything else, so it stays well under its 100 kB budget (scripts/bench/web.mjs).
 */
export default function SosPage() {
  useDocumentTitle(screenTitle('Emergency Recovery'));
  const notification = useNotification();
  const [values, setValues] = useState(blankForm);
  /** Read by the GPS and geocoding callbacks, which outlive the render that started them. */
  const latest = useRef(blankForm);
  const locationTyped = useRef(false);
  const [gps, setGps] = useState<PhoneFix | null>(null);
  const [locating, setLocating] = useState(false);
  const [sending, setSending] = useState(false);
  const [job, setJob] = useState<Job | null>(null);
  const [trackingPath, setTrackingPath] = useState<string | null>(null);
  const keyFor = useIdempotencyKey();
  const confirmation = useRef<HTMLDivElement>(null);
  const queuedCard = useRef<HTMLDivElement>(null);
  const [photo, setPhoto] = useState<File | null>(null);
  const [photoError, setPhotoError] = useState<string | null>(null);
  const [photoState, setPhotoState] = useState<PhotoState | null>(null);
  /** Photos waiting for their SOS to reach the server, by Idempotency-Key; queued ones are also kept in IndexedDB. */
  const pendingPhotos = useRef(new Map<string, File>());

  function setField(name: keyof EmergencyFormValues, value: string) {
    latest.current = { ...latest.current, [name]: value };
    setValues(latest.current);
  }

  function typed(name: keyof EmergencyFormValues) {
    return (event: ChangeEvent<HTMLInputElement | HTMLTextAreaElement>) => {
      if (name === 'location') locationTyped.current = true;
      setField(name, event.target.value);
    };
  }

  function created({ job: createdJob, trackingPath: createdTrackingPath }: SosResponse, idempotencyKey: string) {
    setJob(createdJob);
    setTrackingPath(createdTrackingPath);
    // Sent: the form is emptied, so nothing sends the same request again by accident.
    latest.current = blankForm;
    locationTyped.current = false;
    setValues(blankForm);
    setPhoto(null);
    setPhotoError(null);
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
        message: serverErrors(error).message ?? 'The photo could not be sent',
      });
    }
  }

  const queue = useEmergencyQueue(sendSos, isFinalRefusal, ({ job: sentJob, trackingPath: sentTrackingPath, entry }: SentEmergency) =>
    created({ job: sentJob, trackingPath: sentTrackingPath }, entry.idempotencyKey),
  );
  const waiting = !job && queue.queued.length > 0;

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
      (position) => {
        setLocating(false);
        const fix = phoneFix(position);
        setGps(fix);
        // The fix asked for on open can arrive after the driver started describing the spot; keep their words.
        if (!explicit && locationTyped.current) return;
        const gpsText = gpsLocationText(fix);
        setField('location', gpsText);
        void reverseGeocode(fix).then((address) => {
          // Only upgrade the coordinates we wrote; never overwrite what the driver typed meanwhile.
          if (address && latest.current.location === gpsText) setField('location', address);
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

  // The page is HTML before its script arrives: whatever the driver typed meanwhile is theirs to keep.
  // Read before any other render, which would set the fields back to the empty state.
  const adoptTypedBeforeHydration = useEffectEvent(() => {
    for (const [name, id] of Object.entries(FIELD_IDS) as Array<[keyof EmergencyFormValues, string]>) {
      const typedValue = (document.getElementById(id) as HTMLInputElement | HTMLTextAreaElement | null)?.value;
      if (!typedValue || typedValue === latest.current[name]) continue;
      if (name === 'location') locationTyped.current = true;
      setField(name, typedValue);
    }
  });
  useEffect(() => adoptTypedBeforeHydration(), []);

  // The prerendered button is enabled, for the native post; once the script runs, it waits for a phone number.
  const [scripted, setScripted] = useState(false);
  useEffect(() => setScripted(true), []);

  const locateOnOpen = useEffectEvent(() => locate(false));
  useEffect(() => locateOnOpen(), []);

  useEffect(() => {
    // On a phone the confirmation would otherwise appear off-screen above the send button.
    if (job) confirmation.current?.scrollIntoView({ behavior: 'smooth', block: 'start' });
  }, [job]);

  useEffect(() => {
    // Saved offline: the card appears beneath the Send button the driver just pressed, in view.
    if (waiting) queuedCard.current?.scrollIntoView({ behavior: 'smooth', block: 'nearest' });
  }, [waiting]);

  async function send(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    if (sending) return;
    if (!values.phone.trim()) {
      notification.error({ title: 'Phone number required', description: 'We need your phone number to contact you' });
      return;
    }
    const request = buildSosRequest(values, gps);
    const idempotencyKey = keyFor(request);

    if (photo) pendingPhotos.current.set(idempotencyKey, photo);

    setSending(true);
    try {
      const answer = await sendSos({ request, idempotencyKey });
      queue.remove(idempotencyKey);
      created(answer, idempotencyKey);
    } catch (error) {
      if (isFinalRefusal(error)) {
        pendingPhotos.current.delete(idempotencyKey);
        void dropPhoto(idempotencyKey);
        notification.error({
          title: 'Request not sent',
          description: errorText(error),
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

  const photoHelp = photoError ?? (photo ? photo.name : null);

  return (
    <div className="sos">
      <div className="sos-banner">Emergency 4x4 Recovery - We're here to help!</div>

      <div className="sos-contact">
        <a href={callHref} className="sos-button sos-button-danger sos-big">
          <SvgIcon icon={PhoneOutlined} /> Call {BUSINESS.phone}
        </a>
        <a href={smsHref(gps)} className="sos-button sos-big">
          <SvgIcon icon={MessageOutlined} /> Send SMS
        </a>
      </div>

      {job && (
        <div ref={confirmation} className="sos-card sos-confirmation">
          <SvgIcon icon={CheckCircleFilled} className="sos-confirmation-icon" />
          <h2 className="sos-confirmation-title">Help is on the way!</h2>
          <p className="sos-muted">We've received your emergency request and are dispatching help immediately.</p>
          <p>
            <strong>We'll call you within {EMERGENCY_DEFAULTS.callbackMinutes} minutes</strong>
          </p>
          <p>
            Job ID: <strong>{job.id}</strong>
          </p>
          {trackingPath && (
            <p>
              Track your job (the link is in our text too):{' '}
              <a className="sos-tracking-link" href={trackingPath}>
                {window.location.origin}
                {trackingPath}
              </a>
            </p>
          )}
          {photoState && (
            <p className={photoState.status === 'failed' ? 'sos-error' : undefined}>
              {photoState.status === 'sending' && 'Sending your photo...'}
              {photoState.status === 'sent' && 'Photo received.'}
              {photoState.status === 'failed' && `Photo not sent: ${photoState.message}`}
            </p>
          )}
          <a href={callHref} className="sos-button sos-button-danger sos-big">
            <SvgIcon icon={PhoneOutlined} /> Call {BUSINESS.phone}
          </a>
        </div>
      )}

      <section className="sos-card" aria-labelledby="sos-form-title">
        <h2 id="sos-form-title" className="sos-card-title">
          Quick Recovery Request
        </h2>
        {/* Before the script runs (one bar may never bring it) the form posts itself natively; the script then sends the JSON command. */}
        <form className="sos-form" method="post" action={routePath('POST /api/sos/form')} onSubmit={(event) => void send(event)}>
          <div className="sos-field">
            <label htmlFor="sos-location">Location</label>
            <textarea
              id={FIELD_IDS.location}
              name="location"
              className="sos-input sos-location"
              rows={2}
              placeholder="Road, track or landmark"
              value={values.location}
              onChange={typed('location')}
            />
          </div>
          <button
            type="button"
            className="sos-button sos-refresh"
            aria-busy={locating}
            onClick={() => {
              if (!locating) locate(true);
            }}
          >
            {locating ? <Busy /> : <SvgIcon icon={AimOutlined} />} Refresh GPS
          </button>

          <div className="sos-field">
            <label htmlFor="sos-phone" className="sos-required">
              Phone
            </label>
            <input
              id={FIELD_IDS.phone}
              name="phone"
              required
              className="sos-input"
              type="tel"
              inputMode="tel"
              autoComplete="tel"
              maxLength={PHONE_MAX_LENGTH}
              aria-required
              placeholder="04xx xxx xxx"
              value={values.phone}
              onChange={typed('phone')}
            />
          </div>
          <div className="sos-field">
            <label htmlFor="sos-name">Name (optional)</label>
            <input id={FIELD_IDS.name} name="name" className="sos-input" autoComplete="name" value={values.name} onChange={typed('name')} />
          </div>
          <div className="sos-field">
            <label htmlFor="sos-vehicle">Vehicle details</label>
            <input
              id={FIELD_IDS.vehicle}
              name="vehicle"
              className="sos-input"
              placeholder="Make, model, colour"
              value={values.vehicle}
              onChange={typed('vehicle')}
            />
          </div>
          <div className="sos-field">
            <label htmlFor="sos-situation">What happened?</label>
            <textarea
              id={FIELD_IDS.situation}
              name="situation"
              className="sos-input sos-situation"
              rows={3}
              placeholder="Bogged, broken down, rolled, stuck in a creek..."
              value={values.situation}
              onChange={typed('situation')}
            />
          </div>

          <div className="sos-field">
            <label htmlFor="sos-photo">Photo (optional)</label>
            <label className={photoError ? 'sos-photo sos-photo-invalid' : 'sos-photo'}>
              <SvgIcon icon={CameraOutlined} /> {photo ? 'Change photo' : 'Take or choose a photo'}
              <input
                id="sos-photo"
                type="file"
                accept={PHOTO_ACCEPT}
                capture="environment"
                aria-invalid={photoError ? true : undefined}
                aria-describedby={photoHelp ? 'sos-photo-help' : undefined}
                onChange={choosePhoto}
              />
            </label>
            {photoHelp && (
              <p id="sos-photo-help" className={photoError ? 'sos-help sos-error' : 'sos-help'}>
                {photoHelp}
              </p>
            )}
          </div>

          <button
            type="submit"
            className="sos-button sos-button-danger sos-big"
            aria-busy={sending}
            disabled={scripted && (values.phone === '' || sending)}
          >
            {sending && <Busy />} Send Emergency Request
          </button>
        </form>
      </section>

      {waiting && (
        <div ref={queuedCard} role="status" className="sos-queued">
          <p className="sos-queued-title">
            {queue.sending ? 'Sending your saved emergency request...' : 'Request saved offline - waiting for signal'}
          </p>
          <p>
            Saved on this phone at {formatPerthDateTime(queue.queued[0]!.timestamp)}. It will be sent automatically as soon as
            you have a connection; we keep trying every few seconds, so you don't need to press anything.
          </p>
          <p>
            <strong>If you can get a call out, ring us on {BUSINESS.phone}.</strong>
          </p>
          <button type="button" className="sos-button" aria-busy={queue.sending} disabled={queue.sending} onClick={queue.sendNow}>
            {queue.sending && <Busy />} Send now
          </button>
        </div>
      )}
    </div>
  );
}
