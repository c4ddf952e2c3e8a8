import { cleanup, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { AntdTheme } from '../../ui/AntdTheme';
import { todayInPerth } from './booking-date';
import { BookingForm } from './BookingForm';

const realFetch = globalThis.fetch;
let sent: Array<{ url: string; body: unknown }>;
let answer: { status: number; body: unknown };

function fakeFetch(input: RequestInfo | URL, init?: RequestInit): Promise<Response> {
  sent.push({ url: String(input), body: init?.body ? JSON.parse(init.body as string) : undefined });
  const text = JSON.stringify(answer.body);
  return Promise.resolve({ ok: answer.status < 300, status: answer.status, statusText: '', text: () => Promise.resolve(text) } as Response);
}

beforeEach(() => {
  sent = [];
  answer = { status: 201, body: {} };
  globalThis.fetch = fakeFetch;
});
afterEach(() => {
  cleanup();
  globalThis.fetch = realFetch;
});

const renderForm = (variant: 'simple' | 'detailed' = 'simple') =>
  render(
    <AntdTheme>
      <BookingForm variant={variant} />
    </AntdTheme>,
  );

describe('todayInPerth', () => {
  it("is Perth's calendar day, not the phone's", () => {
    expect(todayInPerth(new Date('2025-03-01T17:00:00Z'))).toBe('2025-03-02');
    expect(todayInPerth(new Date('2025-03-01T15:59:00Z'))).toBe('2025-03-01');
  });
});

describe('BookingForm', () => {
  it('shows every message of the spec for an empty form and sends nothing', async () => {
    renderForm();
    fireEvent.click(screen.getByRole('button', { name: 'Submit Booking' }));
    for (const message of [
      'Name must be at least 2 characters',
      'Please enter a valid phone number',
      'Please enter a valid email address',
      'Please select a service',
      'Please provide a detailed location',
      'Please select a preferred date',
      'Please select a preferred time',
      'Please provide more details about your service needs',
    ]) {
      expect(await screen.findByText(message)).toBeTruthy();
    }
    expect(sent).toHaveLength(0);
  });

  it('starts the date picker at today in Perth', () => {
    renderForm();
    expect(screen.getByLabelText('Preferred date').getAttribute('min')).toBe(todayInPerth());
  });

  it("puts the server's field messages on the fields and says the booking failed", async () => {
    answer = {
      status: 400,
      body: { statusCode: 400, error: 'Bad Request', message: ['x'], errors: [{ field: 'location', message: 'Please provide a detailed location' }] },
    };
    renderForm();
    fireEvent.change(screen.getByLabelText('Full name'), { target: { value: 'Sam Reid' } });
    fireEvent.change(screen.getByLabelText('Phone'), { target: { value: '0412 345 678' } });
    fireEvent.change(screen.getByLabelText('Email'), { target: { value: 'sam@example.com' } });
    fireEvent.change(screen.getByLabelText('Location'), { target: { value: '12 Sharpe Avenue, Karratha' } });
    fireEvent.change(screen.getByLabelText('Preferred date'), { target: { value: '2099-01-01' } });
    fireEvent.change(screen.getByLabelText('Describe what you need'), { target: { value: 'Clutch slipping badly on hills' } });
    // antd Selects have no native value to change: open each and pick.
    fireEvent.mouseDown(screen.getByLabelText('Service'));
    fireEvent.click(await screen.findByTitle('Engine Repairs'));
    fireEvent.mouseDown(screen.getByLabelText('Preferred time'));
    fireEvent.click(await screen.findByTitle('10:00 AM'));
    fireEvent.click(screen.getByRole('button', { name: 'Submit Booking' }));

    expect(await screen.findByText('Booking Failed')).toBeTruthy();
    expect(screen.getByText('Please try again or call us directly for immediate assistance.')).toBeTruthy();
    expect(await screen.findByText('Please provide a detailed location')).toBeTruthy();
    expect(sent[0]).toEqual({
      url: '/api/bookings',
      body: {
        customerName: 'Sam Reid',
        phone: '0412 345 678',
        email: 'sam@example.com',
        service: 'Engine Repairs',
        location: '12 Sharpe Avenue, Karratha',
        preferredDate: '2099-01-01',
        preferredTime: '10:00 AM',
        urgency: 'scheduled',
        description: 'Clutch slipping badly on hills',
      },
    });
  });

  it('flags the urgent services and offers urgency cards on the detailed form', async () => {
    renderForm('detailed');
    expect(screen.getByText('Every booking becomes a tracking job')).toBeTruthy();
    expect(screen.getByRole('radio', { name: /Same Day/ })).toBeTruthy();
    fireEvent.mouseDown(screen.getByLabelText('Service'));
    await waitFor(() => expect(screen.getAllByText('Urgent')).toHaveLength(2));
    expect(screen.getAllByText('Heavy Vehicle Recovery').length).toBeGreaterThan(0);
  });
});
