import { act, cleanup, fireEvent, render, screen } from '@testing-library/react';
import type { User } from '@towing/contracts';
import { AntdTheme } from '../../shared/ui/AntdTheme';
import AdminPage from './AdminPage';
import { apiAnswer, fakeFetch, jsonBody, restoreFetch } from '../../../test/api-answer';

const customer: User = { id: 7, username: 'pat', firstName: 'Pat', lastName: 'Lee', email: 'pat@example.com', phone: null, role: 'customer', drives: false };

let calls: Array<{ url: string; method: string; body: unknown }>;
let me: User | null;

beforeEach(() => {
  calls = [];
  fakeFetch((url, init) => {
    calls.push({ url, method: init?.method ?? 'GET', body: jsonBody(init) });
    if (url === '/api/auth/me') return apiAnswer(200, { user: me ?? null });
    if (url === '/api/auth/login') return apiAnswer(200, { user: customer });
    return apiAnswer(404);
  });
});
afterEach(() => {
  cleanup();
  restoreFetch();
});

const renderPage = () =>
  render(
    <AntdTheme>
      <AdminPage />
    </AntdTheme>,
  );

describe('AdminPage for someone who is not staff', () => {
  it('asks a visitor to sign in and never calls an admin route', async () => {
    me = null;
    renderPage();
    await screen.findByText('Staff sign-in is needed to open the dispatch board.');
    expect(calls.map((call) => call.url)).toEqual(['/api/auth/me']);
  });

  it('tells a signed-in customer the account is not staff', async () => {
    me = customer;
    renderPage();
    await screen.findByText('You are signed in as pat, which is not a staff account.');
  });

  it('posts the credentials to /api/auth/login and refuses a customer account', async () => {
    me = null;
    renderPage();
    fireEvent.change(await screen.findByLabelText('Username'), { target: { value: 'pat' } });
    fireEvent.change(screen.getByLabelText('Password'), { target: { value: 'red-dirt-roads' } });
    await act(async () => {
      fireEvent.click(screen.getByRole('button', { name: 'Sign In' }));
    });
    await screen.findByText('This account is not a staff account.');
    expect(calls.find((call) => call.url === '/api/auth/login')).toMatchObject({ method: 'POST', body: { username: 'pat', password: 'red-dirt-roads' } });
  });
});
