import { jest } from '@jest/globals';
import { cleanup, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { BOOKING_TIME_SLOTS, perthInstant, todayInPerth } from '@towing/contracts';
import { AntdTheme } from '../../shared/ui/AntdTheme';
import { BookingForm } from './BookingForm';
import { apiAnswer, fakeFetch, jsonBody, restoreFetch } from '../../../test/api-answer';

let sent: Array<{ url: string; body: unknown }>;
let answer: { status: number; body: unknown };

beforeEach(() => {
  sent = [];
  answer = { status: 201, body: {} };
  fakeFetch((url, init) => {
    sent.push({ url, body: jsonBody(init) });
    return apiAnswer(answer.status, answer.body);
  });
});
afterEach(() => {
  cleanup();
  restoreFetch();
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
      await screen.findByText(message);
    }
    expect(sent).toHaveLength(0);
  });

  it.each(['simple', 'detailed'] as const)('marks every required field of the %s form, and no optional one', (variant) => {
    const { container } = renderForm(variant);
    const marked = [...container.querySelectorAll('label.ant-form-item-required')].map((label) => label.textContent);
    expect(marked).toEqual(['Full name', 'Phone', 'Email', 'Service', 'Location', 'Preferred date', 'Preferred time', 'Describe what you need']);
  });

  describe('on a day in Perth', () => {
    const DAY = '2031-03-04';
    /** Only the clock is stopped, so antd's own timers still run. */
    const at = (slotLikeTime: string) =>
      jest.useFakeTimers({
        now: perthInstant(DAY, slotLikeTime),
        doNotFake: ['nextTick', 'setImmediate', 'clearImmediate', 'queueMicrotask', 'setTimeout', 'clearTimeout', 'setInterval', 'clearInterval', 'requestAnimationFrame', 'cancelAnimationFrame'],
      });
    afterEach(() => {
      jest.useRealTimers();
    });

    async function offeredTimes(): Promise<string[]> {
      fireEvent.mouseDown(within(screen.getByLabelText('Preferred time').closest('.ant-select')!).getByRole('combobox'));
      const list = await screen.findByRole('listbox');
      return within(list.parentElement!).getAllByRole('option').map((option) => option.textContent ?? '').filter(Boolean);
    }

    it('offers today only the times that have not begun yet', async () => {
      at('12:15 PM');
      renderForm();
      const date = screen.getByLabelText('Preferred date');
      expect(date.getAttribute('min')).toBe(DAY);
      fireEvent.change(date, { target: { value: DAY } });
      await waitFor(async () => expect((await offeredTimes())[0]).toBe('12:30 PM'));
    });

    it('offers every time on a later day, and starts the picker tomorrow once today has no time left', async () => {
      at('05:45 PM');
      renderForm();
      const date = screen.getByLabelText('Preferred date');
      expect(date.getAttribute('min')).toBe('2031-03-05');
      fireEvent.change(date, { target: { value: '2031-03-05' } });
      await waitFor(async () => expect((await offeredTimes())[0]).toBe(BOOKING_TIME_SLOTS[0]));
    });
  });

  it('shows the booking reference and its date, written as our texts write it, above the emptied form', async () => {
    answer = {
      status: 201,
      body: { id: 42, customerName: 'Sam Reid', service: 'Engine Repairs', preferredDate: '2099-01-01', preferredTime: '10:00 AM', status: 'pending' },
    };
    renderForm();
    fireEvent.change(screen.getByLabelText('Full name'), { target: { value: 'Sam Reid' } });
    fireEvent.change(screen.getByLabelText('Phone'), { target: { value: '0412 345 678' } });
    fireEvent.change(screen.getByLabelText('Email'), { target: { value: 'sam@example.com' } });
    fireEvent.change(screen.getByLabelText('Location'), { target: { value: '12 Sharpe Avenue, Karratha' } });
    fireEvent.change(screen.getByLabelText('Preferred date'), { target: { value: '2099-01-01' } });
    fireEvent.change(screen.getByLabelText('Describe what you need'), { target: { value: 'Clutch slipping badly on hills' } });
    fireEvent.mouseDown(screen.getByLabelText('Service'));
    fireEvent.click(await screen.findByTitle('Engine Repairs'));
    fireEvent.mouseDown(screen.getByLabelText('Preferred time'));
    fireEvent.click(await screen.findByTitle('10:00 AM'));
    fireEvent.click(screen.getByRole('button', { name: 'Submit Booking' }));

    await screen.findByText('Booking reference: #42');
    screen.getByText(/^Engine Repairs on 1 Jan 2099, 10:00 am\./);
    await waitFor(() => expect(screen.getByLabelText('Full name')).toHaveProperty('value', ''));
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

    await screen.findByText('Booking Failed');
    screen.getByText('Please try again or call us directly for immediate assistance.');
    await screen.findByText('Please provide a detailed location');
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
    screen.getByText('Every booking becomes a tracking job');
    screen.getByRole('radio', { name: /Same Day/ });
    fireEvent.mouseDown(screen.getByLabelText('Service'));
    await waitFor(() => expect(screen.getAllByText('Urgent')).toHaveLength(2));
    expect(screen.getAllByText('Heavy Vehicle Recovery').length).toBeGreaterThan(0);
  });
});
