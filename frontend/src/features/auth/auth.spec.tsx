import { jest } from '@jest/globals';
import { act, cleanup, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import type { User } from '@towing/contracts';
import { MemoryRouter, Route, Routes } from 'react-router-dom';
import { AntdTheme } from '../../shared/ui/AntdTheme';
import AuthPage from './AuthPage';
import { AUTH_STORAGE_KEY, useAuthStore } from './auth.store';
import { ACCOUNT_READY_DELAY_MS, ADMIN_NOTICE_DELAY_MS } from './useAuthActions';
import { apiAnswer, fakeFetch, jsonBody, restoreFetch } from '../../../test/api-answer';

const admin: User = { id: 1, username: 'admin', firstName: 'Dean', lastName: 'Harlow', email: 'dean@example.com', phone: null, role: 'admin', drives: false };
const newCustomer: User = { id: 9, username: 'priya', firstName: 'Priya', lastName: 'Sharma', email: 'priya@example.com', phone: '0412 345 678', role: 'customer', drives: false };

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
  jest.useRealTimers();
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
    jest.useFakeTimers();
    answers['POST /api/auth/login'] = { status: 200, body: { user: admin } };
    renderAuth('/login');
    fireEvent.change(field('Username'), { target: { value: 'admin' } });
    fireEvent.change(field('Password'), { target: { value: 'correct-horse' } });
    // The follow-up's timer starts after this click, so the fake clock's time since the click is a lower bound.
    const clickedAt = Date.now();
    fireEvent.click(screen.getAllByRole('button', { name: 'Login' }).at(-1)!);

    await screen.findByText('Welcome back, Dean! (Admin Access)');
    screen.getByText('Login Successful');
    await screen.findByText('Home screen');
    expect(requests[0]).toEqual({ call: 'POST /api/auth/login', body: { username: 'admin', password: 'correct-horse' } });
    expect(JSON.parse(sessionStorage.getItem(AUTH_STORAGE_KEY)!)).toEqual(admin);

    act(() => jest.advanceTimersByTime(clickedAt + ADMIN_NOTICE_DELAY_MS - 1 - Date.now()));
    expect(screen.queryByText('Admin Dashboard Available')).toBeNull();
    await screen.findByText('Admin Dashboard Available');
  });

  it('shows Login Failed with the reason and stays on the page', async () => {
    answers['POST /api/auth/login'] = { status: 401, body: { statusCode: 401, error: 'Unauthorized', message: 'Invalid username or password' } };
    renderAuth();
    fireEvent.change(field('Username'), { target: { value: 'admin' } });
    fireEvent.change(field('Password'), { target: { value: 'wrong' } });
    fireEvent.click(screen.getAllByRole('button', { name: 'Login' }).at(-1)!);
    await screen.findByText('Login Failed');
    screen.getByText('Invalid username or password');
    expect(screen.queryByText('Home screen')).toBeNull();
    expect(useAuthStore.getState().user).toBeNull();
  });

  it('registers, switches to the Login tab with the username filled in, then says Account Ready 2 s later', async () => {
    jest.useFakeTimers();
    answers['POST /api/auth/register'] = { status: 201, body: { user: newCustomer } };
    renderAuth('/register');
    fireEvent.change(field('First name'), { target: { value: 'Priya' } });
    fireEvent.change(field('Last name'), { target: { value: 'Sharma' } });
    fireEvent.change(field('Username'), { target: { value: 'priya' } });
    fireEvent.change(field('Email'), { target: { value: 'priya@example.com' } });
    fireEvent.change(field('Phone'), { target: { value: '0412 345 678' } });
    fireEvent.change(field('Password'), { target: { value: 'long-enough-pass' } });
    fireEvent.click(screen.getByRole('button', { name: 'Create Account' }));

    await screen.findByText('Registration Successful');
    await waitFor(() => expect(screen.getByRole('tab', { name: 'Login' }).getAttribute('aria-selected')).toBe('true'));
    expect(field('Username')).toHaveProperty('value', 'priya');
    expect(useAuthStore.getState().user).toBeNull();
    expect(screen.queryByText('Account Ready')).toBeNull();
    act(() => jest.advanceTimersByTime(ACCOUNT_READY_DELAY_MS));
    await screen.findByText('Account Ready');
    screen.getByText('You can now book services, track jobs, and access your service history');
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
    await screen.findByText('Registration Failed');
    screen.getByText('That username is taken');
  });
});
