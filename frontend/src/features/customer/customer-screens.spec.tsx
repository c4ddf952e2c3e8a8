import { cleanup, fireEvent, render, screen, waitFor } from '@testing-library/react';
import type { PublicJob } from '@towing/contracts';
import { MemoryRouter } from 'react-router-dom';
import { AntdTheme } from '../../shared/ui/AntdTheme';
import { getSocket } from '../../shared/realtime/socket';
import { answerFrom, type ApiAnswers, fakeFetch, jsonBody, restoreFetch } from '../../../test/api-answer';
import { CustomerDashboard } from './components/CustomerDashboard';
import { FeedbackForm } from './components/FeedbackForm';
import { ServiceHistory } from './components/ServiceHistory';
import { queryClient } from '../../shared/query/queryClient';

const job = (id: string, status: PublicJob['status']): PublicJob => ({
  id,
  customerName: 'Dana Whitfield',
  service: '4x4 Recovery',
  location: 'Millstream road',
  status,
  assignedTo: 'Dean',
  estimatedArrival: null,
  progress: status === 'Completed' ? 100 : 20,
  createdAt: '2025-03-01T02:00:00.000Z',
  updatedAt: '2025-03-01T03:00:00.000Z',
});

let calls: string[];
let answers: ApiAnswers;

function serve(url: string, init: RequestInit | undefined): Response {
  calls.push(`${init?.method ?? 'GET'} ${url}`);
  return answerFrom(answers, url, { status: 404, body: { statusCode: 404, error: 'Not Found', message: 'Not Found', errors: [] } });
}

beforeEach(() => {
  calls = [];
  localStorage.clear();
  answers = { '/api/me/jobs': { status: 200, body: { customer: null, jobs: [], watchKeys: {} } } };
  fakeFetch(serve);
});

afterEach(() => {
  cleanup();
  queryClient.clear();
  restoreFetch();
});

afterAll(async () => {
  (await getSocket()).disconnect();
});

const show = (element: React.ReactElement, path = '/') =>
  render(
    <AntdTheme>
      <MemoryRouter initialEntries={[path]}>{element}</MemoryRouter>
    </AntdTheme>,
  );

async function lookUp(jobId: string, last4: string, button: string) {
  fireEvent.change(await screen.findByLabelText('Job ID'), { target: { value: jobId } });
  fireEvent.change(screen.getByLabelText('Last 4 digits of your phone'), { target: { value: last4 } });
  fireEvent.click(screen.getByRole('button', { name: button }));
}

describe.each([
  ['the dashboard', <CustomerDashboard />, 'Access Dashboard'],
  ['service history', <ServiceHistory />, 'Show My History'],
])('%s lookup', (_screen, element, button) => {
  it('says when nothing matches and keeps what was typed', async () => {
    answers['/api/jobs/lookup'] = { status: 200, body: { customer: null, jobs: [], watchKeys: {} } };
    show(element);
    await lookUp('JOB-2025-404', '5678', button);
    await screen.findByText('No jobs found');
    screen.getByText(/We found no job JOB-2025-404 with a phone number ending in 5678/);
    expect((screen.getByLabelText('Job ID') as HTMLInputElement).value).toBe('JOB-2025-404');
    expect(calls).toContain('GET /api/jobs/lookup?query=JOB-2025-404&last4=5678');
  });

  it('asks an anonymous visitor who is signed in without an error status', async () => {
    show(element);
    await screen.findByLabelText('Job ID');
    expect(calls).toEqual(['GET /api/me/jobs']);
  });
});

describe('the dashboard after a lookup', () => {
  it('opens on the jobs, even after signing out from Profile, and shows the phone only as the digits typed', async () => {
    answers['/api/jobs/lookup'] = {
      status: 200,
      body: { customer: { name: 'Dana Whitfield', phone: null, email: null }, jobs: [job('JOB-2025-7', 'En Route')], watchKeys: { 'JOB-2025-7': 'k' } },
    };
    show(<CustomerDashboard />);
    await lookUp('JOB-2025-7', '5678', 'Access Dashboard');
    await screen.findByText('Welcome back, Dana Whitfield!');
    screen.getByRole('tab', { name: 'Active Jobs', selected: true });

    fireEvent.click(screen.getByRole('tab', { name: 'Profile' }));
    await screen.findByText('ending in 5678');
    expect(screen.queryByText(/0412/)).toBeNull();
    fireEvent.click(screen.getByRole('button', { name: 'Sign Out of Dashboard' }));
    await lookUp('JOB-2025-7', '5678', 'Access Dashboard');
    await screen.findByText('Welcome back, Dana Whitfield!');
    screen.getByRole('tab', { name: 'Active Jobs', selected: true });
  });

  it('stays signed out when a read that began before Sign Out answers after it', async () => {
    const lookedUp = {
      status: 200,
      body: { customer: { name: 'Dana Whitfield', phone: null, email: null }, jobs: [job('JOB-2025-7', 'En Route')], watchKeys: { 'JOB-2025-7': 'k' } },
    };
    answers['/api/jobs/lookup'] = lookedUp;
    show(<CustomerDashboard />);
    await lookUp('JOB-2025-7', '5678', 'Access Dashboard');
    await screen.findByText('Welcome back, Dana Whitfield!');

    // The read again a socket's connect asks for, held until after the click.
    let answerHeld!: () => void;
    const held = new Promise<void>((resolve) => (answerHeld = resolve));
    let heldReads = 0;
    fakeFetch(async (url, init) => {
      if (url.startsWith('/api/jobs/lookup')) {
        heldReads += 1;
        await held;
      }
      return serve(url, init);
    });
    void queryClient.invalidateQueries({ queryKey: ['customer-jobs'] });
    await waitFor(() => expect(heldReads).toBe(1));

    fireEvent.click(screen.getByRole('tab', { name: 'Profile' }));
    fireEvent.click(await screen.findByRole('button', { name: 'Sign Out of Dashboard' }));
    await screen.findByText('Access Your Dashboard');
    answerHeld();
    await waitFor(() => expect(queryClient.isFetching()).toBe(0));
    screen.getByText('Access Your Dashboard');
    expect(screen.queryByText('Welcome back, Dana Whitfield!')).toBeNull();
  });
});

describe('feedback', () => {
  const linked = '/feedback?job=JOB-2025-9&token=secret-token';

  it('shows "Please provide detailed feedback" once for empty comments', async () => {
    answers['/api/jobs/search'] = { status: 200, body: { job: job('JOB-2025-9', 'Completed'), watchKey: 'k', rated: false } };
    show(<FeedbackForm />, linked);
    fireEvent.click(await screen.findByRole('button', { name: 'Submit Feedback' }));
    await screen.findByText('Please provide detailed feedback');
    // antd shows a field's messages together once all its rules are checked: one message, on submit and on every later check.
    fireEvent.change(screen.getByLabelText('Tell us about your experience'), { target: { value: 'Too short' } });
    fireEvent.change(screen.getByLabelText('Tell us about your experience'), { target: { value: 'Quick, friendly and careful.' } });
    await waitFor(() => expect(screen.queryByText('Please provide detailed feedback')).toBeNull());
    fireEvent.change(screen.getByLabelText('Tell us about your experience'), { target: { value: '' } });
    await screen.findByText('Please provide detailed feedback');
    expect(screen.getAllByText('Please provide detailed feedback')).toHaveLength(1);
  });

  it("says a rated job's link was rated instead of showing the form", async () => {
    answers['/api/jobs/search'] = { status: 200, body: { job: job('JOB-2025-9', 'Completed'), watchKey: 'k', rated: true } };
    show(<FeedbackForm />, linked);
    await screen.findByText('This job has already been rated');
    expect(screen.queryByRole('button', { name: 'Submit Feedback' })).toBeNull();
    expect(calls).toContain('GET /api/jobs/search?query=JOB-2025-9&token=secret-token');
  });

  it("sends the link's token with the rating", async () => {
    answers['/api/jobs/search'] = { status: 200, body: { job: job('JOB-2025-9', 'Completed'), watchKey: 'k', rated: false } };
    answers['/api/feedback'] = { status: 201, body: { feedback: {} } };
    const sent: unknown[] = [];
    fakeFetch((url, init) => {
      if (url === '/api/feedback') sent.push(jsonBody(init));
      return serve(url, init);
    });
    show(<FeedbackForm />, linked);
    await screen.findByRole('button', { name: 'Submit Feedback' });
    for (const label of ['Overall rating', 'Service quality', 'Response time', 'Communication', 'Value for money']) {
      const stars = screen.getByLabelText(label).querySelectorAll('[role="radio"]');
      fireEvent.click(stars[4]!);
    }
    fireEvent.change(screen.getByLabelText('Tell us about your experience'), { target: { value: 'Quick, friendly and careful with the car.' } });
    fireEvent.click(screen.getByRole('button', { name: 'Submit Feedback' }));
    await waitFor(() => expect(sent).toHaveLength(1));
    expect(sent[0]).toMatchObject({ jobId: 'JOB-2025-9', token: 'secret-token', rating: 5 });
  });
});
