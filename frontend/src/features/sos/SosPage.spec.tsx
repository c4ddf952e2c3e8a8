import { jest } from '@jest/globals';
import { act, cleanup, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { formatPerthDateTime, type Job } from '@towing/contracts';
import SosPage from './SosPage';
import { SOS_IDS } from './sos-dom';
import { startSosPage } from './sos-page';
import { SOS_FIRST_RETRY_MS } from '@towing/contracts';
import { GEOCODE_TIMEOUT_MS } from './reverse-geocode';
import { apiAnswer, fakeFetch, jsonBody, restoreFetch } from '../../../test/api-answer';

interface SentRequest {
  url: string;
  method: string;
  headers: Record<string, string>;
  body: unknown;
}

type PositionCallbacks = { success: PositionCallback; error?: PositionErrorCallback | null; options?: PositionOptions };

const job: Job = {
  id: 'JOB-2025-123',
  customerName: 'Emergency Recovery',
  phone: '0400 123 456',
  phoneE164: '+61400123456',
  email: null,
  service: '4x4 Recovery',
  location: 'Location pending',
  notes: null,
  vehicle: null,
  situation: null,
  status: 'Emergency',
  assignedTo: 'Unassigned',
  estimatedArrival: null,
  progress: 0,
  gps: null,
  acknowledgement: null,
  createdAt: '2025-03-01T02:00:00.000Z',
  updatedAt: '2025-03-01T02:00:00.000Z',
};

const TRACKING_PATH = '/customer-portal?search=JOB-2025-123&token=t0k3n';

let sent: SentRequest[];
let geocodeRequests: string[];
let address: string | null;
let answerOk: boolean;
let positionRequests: PositionCallbacks[];
let stopPage: (() => void) | undefined;

/** Answers like the API (and the reverse-geocoding service) would, so the page runs through the real client. */
function serve(url: string, init: RequestInit | undefined): Response {
  if (url.startsWith('https://nominatim.openstreetmap.org/reverse')) {
    geocodeRequests.push(url);
    return apiAnswer(200, address ? { display_name: address } : {});
  }
  sent.push({ url, method: init?.method ?? 'GET', headers: init?.headers as Record<string, string>, body: jsonBody(init) });
  return answerOk ? apiAnswer(201, { job, trackingPath: TRACKING_PATH }, 'Created') : apiAnswer(503, undefined, 'Service Unavailable');
}

function provideGeolocation() {
  Object.defineProperty(navigator, 'geolocation', {
    configurable: true,
    value: {
      getCurrentPosition: (success: PositionCallback, error?: PositionErrorCallback | null, options?: PositionOptions) =>
        positionRequests.push({ success, error, options }),
    },
  });
}

function deliverFix(lat: number, lng: number) {
  positionRequests.at(-1)!.success({
    coords: { latitude: lat, longitude: lng, accuracy: 8 },
    timestamp: Date.parse('2025-03-01T02:00:00.000Z'),
  } as GeolocationPosition);
}

/** The page as the phone gets it: the HTML SosPage renders, then its script (sos-page.ts) started on it. */
function renderMarkup() {
  return render(<SosPage />);
}

function startScript(container: HTMLElement) {
  stopPage = startSosPage(container);
}

function renderPage() {
  const view = renderMarkup();
  startScript(view.container);
  return view;
}

const sendButton = () => screen.getByRole('button', { name: 'Send Emergency Request' });
const phoneInput = () => screen.getByLabelText('Phone');
/** A heading of the page that is shown (a hidden one has no role). */
const heading = (name: string) => screen.queryByRole('heading', { name });

/** Whether the text is on the page and not inside anything hidden. */
function isShown(text: string): boolean {
  const element = screen.queryByText(text);
  return element !== null && element.closest('[hidden]') === null;
}

/** Waits until the text is on the page and not inside anything hidden. */
function shown(text: string) {
  return waitFor(() => expect(isShown(text)).toBe(true));
}

async function typePhone(value: string) {
  fireEvent.input(phoneInput(), { target: { value } });
  await waitFor(() => expect(sendButton()).toHaveProperty('disabled', value === ''));
}

beforeEach(() => {
  sent = [];
  geocodeRequests = [];
  address = null;
  answerOk = true;
  localStorage.clear();
  positionRequests = [];
  fakeFetch(serve);
  provideGeolocation();
});

afterEach(() => {
  stopPage?.();
  stopPage = undefined;
  // One toast at a time, in its own host outside the page: closed, so the next test starts without one.
  const close = screen.queryByRole('button', { name: 'Close' });
  if (close) fireEvent.click(close);
  cleanup();
  restoreFetch();
  delete (navigator as { geolocation?: Geolocation }).geolocation;
});

describe('the SOS page and its script', () => {
  it('shows the banner, call and SMS links and asks for a precise position on open', () => {
    renderPage();
    screen.getByText("Emergency 4x4 Recovery - We're here to help!");
    expect(screen.getByRole('link', { name: /Call 0491 570 156/ }).getAttribute('href')).toBe('tel:+61491570156');
    expect(positionRequests).toHaveLength(1);
    expect(positionRequests[0]!.options).toEqual({ enableHighAccuracy: true, timeout: 10000 });
    expect(document.title).toBe('Emergency Recovery | Spinifex Recovery & Mechanical');
  });

  it('fills the location with 6-decimal GPS text and adds it to the SMS', () => {
    renderPage();
    deliverFix(-20.7362141, 116.8463829);
    expect(screen.getByLabelText('Location')).toHaveProperty('value', 'GPS: -20.736214, 116.846383');
    const sms = screen.getByRole('link', { name: /Send SMS/ }).getAttribute('href')!;
    expect(decodeURIComponent(sms)).toBe(
      'sms:+61491570156?body=EMERGENCY: I need 4x4 recovery assistance GPS: -20.736214, 116.846383',
    );
  });

  it('replaces the coordinates with the address the reverse-geocoding service gives', async () => {
    address = 'Millstream Road, Pannawonica, Western Australia';
    renderPage();
    deliverFix(-20.7362141, 116.8463829);
    await waitFor(() => expect(screen.getByLabelText('Location')).toHaveProperty('value', address));
    const url = new URL(geocodeRequests[0]!);
    expect([url.searchParams.get('lat'), url.searchParams.get('lon')]).toEqual(['-20.7362141', '116.8463829']);
    expect(decodeURIComponent(screen.getByRole('link', { name: /Send SMS/ }).getAttribute('href')!)).toContain(
      'GPS: -20.736214, 116.846383',
    );
  });

  it('keeps what the driver typed when the address arrives late', async () => {
    jest.useFakeTimers();
    try {
      address = 'Somewhere else';
      renderPage();
      deliverFix(-20.7, 116.8);
      fireEvent.input(screen.getByLabelText('Location'), { target: { value: 'Past the second cattle grid' } });
      await waitFor(() => expect(geocodeRequests).toHaveLength(1));
      // Past the geocoder's deadline its answer has been applied or dropped: no address can land later.
      await act(() => jest.advanceTimersByTimeAsync(GEOCODE_TIMEOUT_MS));
      expect(screen.getByLabelText('Location')).toHaveProperty('value', 'Past the second cattle grid');
    } finally {
      jest.useRealTimers();
    }
  });

  it('re-reads the position on Refresh GPS', () => {
    renderPage();
    deliverFix(-20.7, 116.8);
    fireEvent.click(screen.getByRole('button', { name: /Refresh GPS/ }));
    expect(positionRequests).toHaveLength(2);
  });

  it('tells the driver when location access is denied', async () => {
    renderPage();
    positionRequests[0]!.error!({ code: 1, PERMISSION_DENIED: 1, POSITION_UNAVAILABLE: 2, TIMEOUT: 3 } as GeolocationPositionError);
    await screen.findByText('Location access denied');
    screen.getByText('Please allow location access or describe your location');
  });

  it('tells the driver when the device has no geolocation', async () => {
    delete (navigator as { geolocation?: Geolocation }).geolocation;
    renderPage();
    await screen.findByText('Location not supported');
    screen.getByText('Please describe your location in the form');
  });

  it('keeps Send enabled in the HTML, for the native post, and once the script runs disabled until a phone number is typed', async () => {
    const view = renderMarkup();
    expect(sendButton()).toHaveProperty('disabled', false);
    expect(view.container.querySelector('form')!.getAttribute('action')).toBe('/api/sos/form');
    startScript(view.container);
    expect(sendButton()).toHaveProperty('disabled', true);
    await typePhone('0400 123 456');
    await typePhone('');
  });

  it('refuses a blank phone number', async () => {
    renderPage();
    await typePhone('   ');
    fireEvent.click(sendButton());
    await screen.findByText('Phone number required');
    screen.getByText('We need your phone number to contact you');
    expect(sent).toHaveLength(0);
  });

  it('posts the SOS command with the structured fix and an idempotency key, and shows the confirmation', async () => {
    renderPage();
    deliverFix(-20.7362141, 116.8463829);
    await typePhone('0400 123 456');
    fireEvent.click(sendButton());

    expect(heading('Help is on the way!')).toBeNull();
    await screen.findByRole('heading', { name: 'Help is on the way!' });
    await screen.findByText('Emergency request sent!');
    await shown("We'll call you within 5 minutes");
    screen.getByText('JOB-2025-123');
    // The link our text carries, on the page too; the sent form is emptied, so Send cannot go again by accident.
    expect(screen.getByRole('link', { name: `${window.location.origin}${TRACKING_PATH}` }).getAttribute('href')).toBe(TRACKING_PATH);
    expect(screen.getByLabelText('Phone', { exact: true })).toHaveProperty('value', '');
    expect(sendButton()).toHaveProperty('disabled', true);

    expect(sent).toHaveLength(1);
    expect(sent[0]!.url).toBe('/api/sos');
    expect(sent[0]!.method).toBe('POST');
    expect(sent[0]!.headers['Idempotency-Key']).toMatch(/^[0-9a-f-]{36}$/);
    expect(sent[0]!.body).toEqual({
      phone: '0400 123 456',
      location: 'GPS: -20.736214, 116.846383',
      gps: { lat: -20.7362141, lng: 116.8463829, accuracyM: 8, fixedAt: '2025-03-01T02:00:00.000Z' },
    });
  });

  it('says the request is saved offline when sending fails, and retries under the same key', async () => {
    answerOk = false;
    renderPage();
    await typePhone('0400 123 456');

    fireEvent.click(sendButton());
    await screen.findByText('Request saved offline');
    await shown('Request saved offline - waiting for signal');
    await waitFor(() => expect(sendButton()).toHaveProperty('disabled', false));
    fireEvent.click(sendButton());
    await waitFor(() => expect(sent).toHaveLength(2));
    expect(sent[1]!.headers['Idempotency-Key']).toBe(sent[0]!.headers['Idempotency-Key']);

    await waitFor(() => expect(sendButton()).toHaveProperty('disabled', false));
    fireEvent.input(screen.getByLabelText('What happened?'), { target: { value: 'Rolled on the Tom Price road' } });
    fireEvent.click(sendButton());
    await waitFor(() => expect(sent).toHaveLength(3));
    expect(sent[2]!.headers['Idempotency-Key']).not.toBe(sent[0]!.headers['Idempotency-Key']);
    expect(heading('Help is on the way!')).toBeNull();
  });

  it('queues a request that cannot be sent and sends it by itself once the browser is back online', async () => {
    answerOk = false;
    renderPage();
    await typePhone('0400 123 456');
    fireEvent.click(sendButton());
    await shown('Request saved offline - waiting for signal');
    const queued = JSON.parse(localStorage.getItem('emergencyQueue')!) as Array<{ timestamp: string }>;
    expect(queued).toHaveLength(1);
    // When it was saved, in Perth's time, in the card's own words.
    await waitFor(() => expect(document.getElementById(SOS_IDS.queuedTime)!.textContent).toBe(formatPerthDateTime(queued[0]!.timestamp)));

    answerOk = true;
    window.dispatchEvent(new Event('online'));
    await screen.findByRole('heading', { name: 'Help is on the way!' });
    await screen.findByText('Emergency request sent!');
    expect(isShown('Request saved offline - waiting for signal')).toBe(false);
    expect(localStorage.getItem('emergencyQueue')).toBeNull();
    expect(sent).toHaveLength(2);
    expect(sent[1]!.headers['Idempotency-Key']).toBe(sent[0]!.headers['Idempotency-Key']);
  });

  it('keeps a request the server answered 503 queued and retries it by itself, with no online event', async () => {
    jest.useFakeTimers();
    try {
      answerOk = false;
      renderPage();
      await typePhone('0400 123 456');
      fireEvent.click(sendButton());
      await shown('Request saved offline - waiting for signal');
      // The network comes back silently: no online event, no focus, no reload.
      answerOk = true;
      act(() => jest.advanceTimersByTime(SOS_FIRST_RETRY_MS));
      await screen.findByRole('heading', { name: 'Help is on the way!' });
      expect(sent).toHaveLength(2);
      expect(sent[1]!.headers['Idempotency-Key']).toBe(sent[0]!.headers['Idempotency-Key']);
      expect(localStorage.getItem('emergencyQueue')).toBeNull();
    } finally {
      jest.useRealTimers();
    }
  });

  it('offers Send now for a queued request, which tries again at once', async () => {
    answerOk = false;
    renderPage();
    await typePhone('0400 123 456');
    fireEvent.click(sendButton());
    const sendNow = await screen.findByRole('button', { name: 'Send now' });
    answerOk = true;
    fireEvent.click(sendNow);
    await screen.findByRole('heading', { name: 'Help is on the way!' });
    expect(sent).toHaveLength(2);
  });

  it('sends a request queued on an earlier visit as soon as the page opens', async () => {
    localStorage.setItem(
      'emergencyQueue',
      JSON.stringify([{ idempotencyKey: 'key-from-yesterday', request: { phone: '0400 123 456' }, timestamp: '2025-03-01T02:00:00.000Z' }]),
    );
    renderPage();
    await screen.findByRole('heading', { name: 'Help is on the way!' });
    expect(sent.map((request) => request.headers['Idempotency-Key'])).toEqual(['key-from-yesterday']);
    expect(sent[0]!.url).toBe('/api/sos');
  });

  it('keeps what the driver typed before the script arrived, the location too, and sends it', async () => {
    const view = renderMarkup();
    fireEvent.input(screen.getByLabelText('Location'), { target: { value: 'Behind the Nanutarra roadhouse' } });
    fireEvent.input(phoneInput(), { target: { value: '0400 123 456' } });
    startScript(view.container);
    expect(sendButton()).toHaveProperty('disabled', false);
    deliverFix(-20.7, 116.8);
    expect(screen.getByLabelText('Location')).toHaveProperty('value', 'Behind the Nanutarra roadhouse');
    fireEvent.click(sendButton());
    await screen.findByRole('heading', { name: 'Help is on the way!' });
    expect(sent[0]!.body).toMatchObject({ phone: '0400 123 456', location: 'Behind the Nanutarra roadhouse' });
  });

  it('says why a photo the server would refuse is not taken, and names the one it will send', () => {
    renderPage();
    const photo = screen.getByLabelText('Photo (optional)') as HTMLInputElement;
    const choose = (file: File) => {
      Object.defineProperty(photo, 'files', { configurable: true, value: [file] });
      fireEvent.change(photo);
    };
    choose(new File(['GIF89a'], 'bogged.gif', { type: 'image/gif' }));
    expect(screen.getByText('Photos must be JPEG, PNG or WebP images').className).toBe('sos-help sos-error');
    expect(photo.getAttribute('aria-invalid')).toBe('true');
    screen.getByText('Take or choose a photo');
    choose(new File(['png'], 'bogged.png', { type: 'image/png' }));
    expect(screen.getByText('bogged.png').className).toBe('sos-help');
    expect(photo.getAttribute('aria-invalid')).toBeNull();
    screen.getByText('Change photo');
  });
});
