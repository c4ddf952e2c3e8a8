import { cleanup, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import type { User } from '@towing/contracts';
import { MemoryRouter, Route, Routes } from 'react-router-dom';
import { AntdTheme } from '../../shared/ui/AntdTheme';
import AuthPage from './AuthPage';
import { AUTH_STORAGE_KEY, useAuthStore } from './auth.store';
import { apiAnswer, fakeFetch, jsonBody, restoreFetch } from '../../../test/api-answer';

const admin: User = { id: 1, username: 'admin', firstName: 'Dean', lastName: 'Harlow', email: 'dean@example.com', phone: null, role: 'admin' };
const newCustomer: User = { id: 9, username: 'priya', firstName: 'Priya', lastName: 'Sharma', email: 'priya@example.com', phone: '0412 345 678', role: 'customer' };

interface Answer {
  status: number;
  body?: unknown;
}

let answers: Record<string, Answer>;
let requests: Array<{ call: string; body: unknown }>;

function serve(url: string, init: RequestInit | undefined): Response {
  const call = `${init?.method ?? 'GET'} ${url}`;
  requests.push({ call, body: jsonBody(init) });
  const answer = answers[call] ?? { status: 404, body: { statusCode: 404, error: 'Not Found', message: 'Not Found' } };
  return apiAnswer(answer.status, answer.body, String(answer.status));
}

beforeEach(() => {
  requests = [];
  answers = {};
  fakeFetch(serve);
});

afterEach(() => {
  cleanup();
  restoreFetch();
  sessionStorage.clear();
  useAuthStore.setState({ user: null, loading: false });
});

function renderAuth(path = '/auth') {
  return render(
    <AntdTheme>
      <MemoryRouter initialEntries={[path]}>
        <Routes>
          <Route path="/" element={<p>Home screen</p>} />
          <Route path="*" element={<AuthPage />} />
        </Routes>
      </MemoryRouter>
    </AntdTheme>,
  );
}

/** The two tabs both have Username and Password; only the open tab's count. */
const field = (label: string) => within(screen.getByRole('tabpanel')).getByLabelText(label);

describe('auth store', () => {
  it('trusts the server over the cached copy: "nobody" from /api/auth/me signs the tab out', async () => {
    sessionStorage.setItem(AUTH_STORAGE_KEY, JSON.stringify(admin));
    useAuthStore.setState({ user: admin });
    answers['GET /api/auth/me'] = { status: 200, body: { user: null } };
    await useAuthStore.getState().verify();
    expect(useAuthStore.getState().user).toBeNull();
    expect(sessionStorage.getItem(AUTH_STORAGE_KEY)).toBeNull();
  });

  it('caches the user the server confirms under auth_user', async () => {
    answers['GET /api/auth/me'] = { status: 200, body: { user: newCustomer } };
    await useAuthStore.getState().verify();
    expect(useAuthStore.getState().user).toEqual(newCustomer);
    expect(JSON.parse(sessionStorage.getItem(AUTH_STORAGE_KEY)!)).toEqual(newCustomer);
  });

  it('is unreachable, keeping the cached user, when the first question gets no answer', async () => {
    useAuthStore.setState({ user: admin, status: 'unknown' });
    fakeFetch(() => {
      throw new TypeError('Failed to fetch');
    });
    await useAuthStore.getState().verify();
    expect(useAuthStore.getState()).toMatchObject({ user: admin, status: 'unreachable' });
  });

  it('asks once for two screens opening together, and an answer older than a login does not undo it', async () => {
    answers['GET /api/auth/me'] = { status: 200, body: { user: null } };
    answers['POST /api/auth/login'] = { status: 200, body: { user: admin } };
    let release!: () => void;
    const held = new Promise<void>((resolve) => (release = resolve));
    fakeFetch((url, init) => (url === '/api/auth/me' ? held.then(() => serve(url, init)) : serve(url, init)));

    const shell = useAuthStore.getState().verify();
    const adminScreen = useAuthStore.getState().verify();
    await useAuthStore.getState().login({ username: 'admin', password: 'correct-horse' });
    release();
    await Promise.all([shell, adminScreen]);

    expect(requests.filter((request) => request.call === 'GET /api/auth/me')).toHaveLength(1);
    expect(useAuthStore.getState()).toMatchObject({ user: admin, status: 'known' });
  });
});

describe('AuthPage', () => {
  it('logs an admin in, greets with (Admin Access), goes home, then points to the Admin Dashboard 1.5 s later', async () => {
    answers['POST /api/auth/login'] = { status: 200, body: { user: admin } };
    renderAuth('/login');
    fireEvent.change(field('Username'), { target: { value: 'admin' } });
    fireEvent.change(field('Password'), { target: { value: 'correct-horse' } });
    // The follow-up's timer starts after this click, so time since the click is a true lower bound.
    const clickedAt = Date.now();
    fireEvent.click(screen.getAllByRole('button', { name: 'Login' }).at(-1)!);

    expect(await screen.findByText('Welcome back, Dean! (Admin Access)')).toBeTruthy();
    expect(screen.getByText('Login Successful')).toBeTruthy();
    expect(await screen.findByText('Home screen')).toBeTruthy();
    expect(requests[0]).toEqual({ call: 'POST /api/auth/login', body: { username: 'admin', password: 'correct-horse' } });
    expect(JSON.parse(sessionStorage.getItem(AUTH_STORAGE_KEY)!)).toEqual(admin);

    expect(screen.queryByText('Admin Dashboard Available')).toBeNull();
    expect(await screen.findByText('Admin Dashboard Available', undefined, { timeout: 3000 })).toBeTruthy();
    expect(Date.now() - clickedAt).toBeGreaterThanOrEqual(1490);
  });

  it('shows Login Failed with the reason and stays on the page', async () => {
    answers['POST /api/auth/login'] = { status: 401, body: { statusCode: 401, error: 'Unauthorized', message: 'Invalid username or password' } };
    renderAuth();
    fireEvent.change(field('Username'), { target: { value: 'admin' } });
    fireEvent.change(field('Password'), { target: { value: 'wrong' } });
    fireEvent.click(screen.getAllByRole('button', { name: 'Login' }).at(-1)!);
    expect(await screen.findByText('Login Failed')).toBeTruthy();
    expect(screen.getByText('Invalid username or password')).toBeTruthy();
    expect(screen.queryByText('Home screen')).toBeNull();
    expect(useAuthStore.getState().user).toBeNull();
  });

  it('registers, switches to the Login tab with the username filled in, then says Account Ready 2 s later', async () => {
    answers['POST /api/auth/register'] = { status: 201, body: { user: newCustomer } };
    renderAuth('/register');
    fireEvent.change(field('First name'), { target: { value: 'Priya' } });
    fireEvent.change(field('Last name'), { target: { value: 'Sharma' } });
    fireEvent.change(field('Username'), { target: { value: 'priya' } });
    fireEvent.change(field('Email'), { target: { value: 'priya@example.com' } });
    fireEvent.change(field('Phone'), { target: { value: '0412 345 678' } });
    fireEvent.change(field('Password'), { target: { value: 'long-enough-pass' } });
    fireEvent.click(screen.getByRole('button', { name: 'Create Account' }));

    expect(await screen.findByText('Registration Successful')).toBeTruthy();
    await waitFor(() => expect(screen.getByRole('tab', { name: 'Login' }).getAttribute('aria-selected')).toBe('true'));
    expect(field('Username')).toHaveProperty('value', 'priya');
    expect(useAuthStore.getState().user).toBeNull();
    expect(await screen.findByText('Account Ready', undefined, { timeout: 3500 })).toBeTruthy();
    expect(screen.getByText('You can now book services, track jobs, and access your service history')).toBeTruthy();
  });

  it('shows Registration Failed with the server message', async () => {
    answers['POST /api/auth/register'] = {
      status: 409,
      body: { statusCode: 409, error: 'Conflict', message: 'That username is taken' },
    };
    renderAuth('/register');
    fireEvent.change(field('First name'), { target: { value: 'Priya' } });
    fireEvent.change(field('Last name'), { target: { value: 'Sharma' } });
    fireEvent.change(field('Username'), { target: { value: 'priya' } });
    fireEvent.change(field('Email'), { target: { value: 'priya@example.com' } });
    fireEvent.change(field('Phone'), { target: { value: '0412 345 678' } });
    fireEvent.change(field('Password'), { target: { value: 'long-enough-pass' } });
    fireEvent.click(screen.getByRole('button', { name: 'Create Account' }));
    expect(await screen.findByText('Registration Failed')).toBeTruthy();
    expect(screen.getByText('That username is taken')).toBeTruthy();
  });
});
