import {
  buildSosRequest,
  type EmergencyFormValues,
  gpsLocationText,
  type PhoneFix,
  type SosResponse,
  sosRetryDelay,
} from '@towing/contracts';
import { api, HttpError } from '../../shared/api/client';
import { idempotencyKeys } from '../../shared/api/idempotency-key';
import { timeoutSignal } from '../../shared/api/timeout-signal';
import { errorText, serverErrors } from '../../shared/forms/serverErrors';
import { notification } from '../../shared/ui/notification';
import { phoneFix, smsHref } from './emergency-request';
import { dequeue, enqueue, flushQueue, type QueuedEmergency, readQueue, SEND_TIMEOUT_MS } from './offline-queue';
import { dropPhoto, keepPhoto, takePhoto } from './photo-store';
import { photoProblem, uploadJobPhoto } from './photo-upload';
import { reverseGeocode } from './reverse-geocode';
import { PHOTO_LABEL, QUEUED_TITLE, SOS_FIELD_IDS, SOS_IDS } from './sos-dom';

/** The SOS command, first from the form and then from the queue; no answer within SEND_TIMEOUT_MS counts as no signal. */
function sendSos({ request, idempotencyKey }: Pick<QueuedEmergency, 'request' | 'idempotencyKey'>): Promise<SosResponse> {
  return api.call('POST /api/sos', { body: request, headers: { 'Idempotency-Key': idempotencyKey }, signal: timeoutSignal(SEND_TIMEOUT_MS) });
}

/** A refusal the same request would get again (bad input); anything else is worth resending. */
function isFinalRefusal(error: unknown): error is HttpError {
  return error instanceof HttpError && error.status >= 400 && error.status < 500 && error.status !== 408 && error.status !== 429;
}

function elementById<T extends HTMLElement>(root: ParentNode, id: string): T {
  const element = root.querySelector<T>(`#${id}`);
  if (!element) throw new Error(`The SOS page has no #${id}`);
  return element;
}

/** A button's busy look: its spinner instead of its icon (if it has one), and busy for screen readers. */
function showBusy(button: HTMLButtonElement, busy: boolean) {
  button.setAttribute('aria-busy', String(busy));
  button.querySelector<HTMLElement>('.sos-spinner')!.hidden = !busy;
  const icon = button.querySelector<HTMLElement>('.svg-icon');
  if (icon) icon.hidden = busy;
}

/**
 * Everything the SOS page does once its script runs, on the HTML built from SosPage.tsx: the GPS
 * fix (asked for as the page opens and on Refresh GPS) and its address, the photo, the send and
 * its answer, and the requests kept on the phone while there is no signal, resent by themselves.
 * Plain DOM: this and the modules it imports are all the JavaScript a phone runs on /sos.
 * @returns stops it: no more listening, no more retries
 */
export function startSosPage(root: ParentNode = document): () => void {
  const field = (name: keyof typeof SOS_FIELD_IDS) => elementById<HTMLInputElement | HTMLTextAreaElement>(root, SOS_FIELD_IDS[name]);
  const fields = { location: field('location'), phone: field('phone'), name: field('name'), vehicle: field('vehicle'), situation: field('situation') };
  const form = elementById<HTMLFormElement>(root, SOS_IDS.form);
  const send = elementById<HTMLButtonElement>(root, SOS_IDS.send);
  const refresh = elementById<HTMLButtonElement>(root, SOS_IDS.refresh);
  const sms = elementById<HTMLAnchorElement>(root, SOS_IDS.sms);
  const photoInput = elementById<HTMLInputElement>(root, SOS_IDS.photo);
  const photoLabel = elementById<HTMLElement>(root, SOS_IDS.photoLabel);
  const photoHelp = elementById<HTMLElement>(root, SOS_IDS.photoHelp);
  const confirmation = elementById<HTMLElement>(root, SOS_IDS.confirmation);
  const queuedCard = elementById<HTMLElement>(root, SOS_IDS.queued);
  const sendNow = elementById<HTMLButtonElement>(root, SOS_IDS.sendNow);

  const keyFor = idempotencyKeys();
  // Ends with the page; a test that closes its page ends it itself.
  const lifetime = new AbortController();
  const { signal } = lifetime;
  let gps: PhoneFix | null = null;
  let locating = false;
  let sending = false;
  let jobShown = false;
  let photo: File | null = null;
  /** Photos waiting for their SOS to reach the server, by Idempotency-Key; queued ones are also kept in IndexedDB. */
  const pendingPhotos = new Map<string, File>();
  // Whatever the driver typed before the script arrived is theirs to keep, the location too.
  let locationTyped = fields.location.value !== '';

  const values = (): EmergencyFormValues => ({
    location: fields.location.value,
    phone: fields.phone.value,
    name: fields.name.value,
    vehicle: fields.vehicle.value,
    situation: fields.situation.value,
  });

  // The prerendered button is enabled, for the native post; from now on it waits for a phone number.
  function renderSend() {
    send.disabled = fields.phone.value === '' || sending;
    showBusy(send, sending);
  }

  function renderPhoto(error: string | null) {
    const help = error ?? photo?.name ?? null;
    photoLabel.classList.toggle('sos-photo-invalid', error !== null);
    photoLabel.querySelector('[data-photo-label]')!.textContent = photo ? PHOTO_LABEL.chosen : PHOTO_LABEL.none;
    if (error) photoInput.setAttribute('aria-invalid', 'true');
    else photoInput.removeAttribute('aria-invalid');
    if (help) photoInput.setAttribute('aria-describedby', SOS_IDS.photoHelp);
    else photoInput.removeAttribute('aria-describedby');
    photoHelp.hidden = help === null;
    photoHelp.textContent = help;
    photoHelp.className = error ? 'sos-help sos-error' : 'sos-help';
  }

  // The SOS requests waiting on this phone for a connection. They go out by themselves: when the
  // page opens, when the browser comes back online, when the driver returns to the tab, and,
  // because none of those may ever fire (an iPhone without Background Sync whose network comes
  // back silently), on a timer while the page is open, backing off from a few seconds to 30 s.
  // Send now is the driver's own "try again".
  let queued: QueuedEmergency[] = [];
  let queueSending = false;
  let failures = 0;
  let retryTimer: ReturnType<typeof setTimeout> | undefined;

  function renderQueue() {
    const waiting = !jobShown && queued.length > 0;
    const appearing = waiting && queuedCard.hidden;
    queuedCard.hidden = !waiting;
    if (!waiting) return;
    elementById(queuedCard, SOS_IDS.queuedTitle).textContent = queueSending ? QUEUED_TITLE.sending : QUEUED_TITLE.waiting;
    const { timestamp } = queued[0]!;
    void import('./queued-at').then(({ queuedAt }) => {
      elementById(queuedCard, SOS_IDS.queuedTime).textContent = queuedAt(timestamp);
    });
    sendNow.disabled = queueSending;
    showBusy(sendNow, queueSending);
    // Saved offline: the card appears beneath the Send button the driver just pressed, in view.
    if (appearing) queuedCard.scrollIntoView({ behavior: 'smooth', block: 'nearest' });
  }

  function retryLater() {
    clearTimeout(retryTimer);
    if (signal.aborted) return;
    const delay = sosRetryDelay(failures);
    failures += 1;
    retryTimer = setTimeout(() => void flush(), delay);
  }

  async function flush() {
    clearTimeout(retryTimer);
    if (readQueue().length === 0) return;
    queueSending = true;
    renderQueue();
    try {
      const sent = await flushQueue(sendSos, isFinalRefusal);
      for (const { job, trackingPath, entry } of sent) created({ job, trackingPath }, entry.idempotencyKey);
    } finally {
      queueSending = false;
      queued = readQueue();
      if (queued.length === 0) failures = 0;
      else retryLater();
      renderQueue();
    }
  }

  async function attachPhoto(jobId: string, idempotencyKey: string) {
    const inMemory = pendingPhotos.get(idempotencyKey);
    pendingPhotos.delete(idempotencyKey);
    const pendingPhoto = inMemory ?? (await takePhoto(idempotencyKey));
    if (inMemory) void dropPhoto(idempotencyKey);
    if (!pendingPhoto) return;
    const status = elementById(confirmation, SOS_IDS.photoStatus);
    const show = (text: string, failed = false) => {
      status.hidden = false;
      status.textContent = text;
      status.className = failed ? 'sos-error' : '';
    };
    show('Sending your photo...');
    try {
      await uploadJobPhoto(jobId, pendingPhoto, idempotencyKey);
      show('Photo received.');
    } catch (error) {
      show(`Photo not sent: ${serverErrors(error).message ?? 'The photo could not be sent'}`, true);
    }
  }

  function created({ job, trackingPath }: SosResponse, idempotencyKey: string) {
    jobShown = true;
    elementById(confirmation, SOS_IDS.jobId).textContent = job.id;
    const tracking = elementById(confirmation, SOS_IDS.tracking);
    tracking.hidden = !trackingPath;
    const link = elementById<HTMLAnchorElement>(tracking, SOS_IDS.trackingLink);
    link.href = trackingPath;
    link.textContent = `${window.location.origin}${trackingPath}`;
    elementById(confirmation, SOS_IDS.photoStatus).hidden = true;
    confirmation.hidden = false;
    // Sent: the form is emptied, so nothing sends the same request again by accident.
    for (const input of Object.values(fields)) input.value = '';
    locationTyped = false;
    photo = null;
    photoInput.value = '';
    renderPhoto(null);
    renderSend();
    renderQueue();
    notification.success({ title: 'Emergency request sent!', description: "We're dispatching help immediately. We'll call you shortly." });
    // On a phone the confirmation would otherwise appear off-screen above the send button.
    confirmation.scrollIntoView({ behavior: 'smooth', block: 'start' });
    void attachPhoto(job.id, idempotencyKey);
  }

  function setLocating(busy: boolean) {
    locating = busy;
    showBusy(refresh, busy);
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
        gps = fix;
        sms.href = smsHref(fix);
        // The fix asked for on open can arrive after the driver started describing the spot; keep their words.
        if (!explicit && locationTyped) return;
        const gpsText = gpsLocationText(fix);
        fields.location.value = gpsText;
        void reverseGeocode(fix).then((address) => {
          // Only upgrade the coordinates we wrote; never overwrite what the driver typed meanwhile.
          if (address && fields.location.value === gpsText) fields.location.value = address;
        });
      },
      (error) => {
        setLocating(false);
        if (error.code === error.PERMISSION_DENIED) {
          notification.warning({ title: 'Location access denied', description: 'Please allow location access or describe your location' });
        }
      },
      { enableHighAccuracy: true, timeout: 10_000 },
    );
  }

  async function submit() {
    if (sending) return;
    const typed = values();
    if (!typed.phone.trim()) {
      notification.error({ title: 'Phone number required', description: 'We need your phone number to contact you' });
      return;
    }
    const request = buildSosRequest(typed, gps);
    const idempotencyKey = keyFor(request);
    const chosen = photo;
    if (chosen) pendingPhotos.set(idempotencyKey, chosen);

    sending = true;
    renderSend();
    try {
      const answer = await sendSos({ request, idempotencyKey });
      queued = dequeue(idempotencyKey);
      created(answer, idempotencyKey);
    } catch (error) {
      if (isFinalRefusal(error)) {
        pendingPhotos.delete(idempotencyKey);
        void dropPhoto(idempotencyKey);
        notification.error({ title: 'Request not sent', description: errorText(error) });
        return;
      }
      // Stored before the queued state shows, so closing the page right away cannot lose the photo.
      if (chosen) await keepPhoto(idempotencyKey, chosen);
      queued = enqueue({ idempotencyKey, request, timestamp: new Date().toISOString() });
      // A queued request starts its retries at once, from the shortest wait.
      failures = 0;
      retryLater();
      renderQueue();
      notification.info({
        title: 'Request saved offline',
        description: 'Your emergency request will be sent as soon as connection is restored. Please call us directly.',
      });
    } finally {
      sending = false;
      renderSend();
    }
  }

  fields.location.addEventListener(
    'input',
    () => {
      locationTyped = true;
    },
    { signal },
  );
  fields.phone.addEventListener('input', renderSend, { signal });
  photoInput.addEventListener('change', () => {
    const file = photoInput.files?.[0] ?? null;
    const problem = file ? photoProblem(file) : null;
    photo = problem ? null : file;
    if (problem) photoInput.value = '';
    renderPhoto(problem);
  }, { signal });
  refresh.addEventListener(
    'click',
    () => {
      if (!locating) locate(true);
    },
    { signal },
  );
  // The script sends the JSON command from here on; without it the form posts itself natively.
  form.addEventListener(
    'submit',
    (event) => {
      event.preventDefault();
      void submit();
    },
    { signal },
  );
  sendNow.addEventListener('click', () => void flush(), { signal });
  window.addEventListener('online', () => void flush(), { signal });
  document.addEventListener(
    'visibilitychange',
    () => {
      if (document.visibilityState === 'visible') void flush();
    },
    { signal },
  );

  renderSend();
  // What is queued goes first, before the position is asked for.
  queued = readQueue();
  renderQueue();
  void flush();
  locate(false);
  return () => {
    lifetime.abort();
    clearTimeout(retryTimer);
  };
}
