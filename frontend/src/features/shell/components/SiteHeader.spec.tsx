import { cleanup, fireEvent, render, screen, within } from '@testing-library/react';
import type { User } from '@towing/contracts';
import { MemoryRouter } from 'react-router-dom';
import { AUTH_STORAGE_KEY, useAuthStore } from '../../auth/auth.store';
import { navigationFor } from '../navigation';
import { SiteHeader } from './SiteHeader';
import { apiAnswer, fakeFetch, restoreFetch } from '../../../../test/api-answer';

const customer: User = { id: 7, username: 'kimn', firstName: 'Kim', lastName: 'Nguyen', email: 'kim@example.com', phone: null, role: 'customer', drives: false };
const admin: User = { id: 1, username: 'admin', firstName: null, lastName: null, email: 'admin@example.com', phone: null, role: 'admin', drives: false };

function renderHeader(user: User | null) {
  useAuthStore.setState({ user });
  return render(
    <MemoryRouter>
      <SiteHeader />
    </MemoryRouter>,
  );
}

const mainNav = () => within(screen.getByRole('navigation', { name: 'Main' }));

afterEach(() => {
  cleanup();
  restoreFetch();
  sessionStorage.clear();
  useAuthStore.setState({ user: null });
});

describe('navigationFor', () => {
  it('offers the dashboard only to signed-in users and the Admin link only to admins', () => {
    const bookAndTrack = (user: Pick<User, 'role'> | null) => navigationFor(user).menus[2].links.map((link) => link.to);
    expect(bookAndTrack(null)).toEqual(['/booking', '/customer-portal', '/testimonials']);
    expect(bookAndTrack(customer)).toEqual(['/booking', '/customer-portal', '/dashboard', '/testimonials']);
    expect(navigationFor(null).admin).toBeNull();
    expect(navigationFor(customer).admin).toBeNull();
    expect(navigationFor(admin).admin).toEqual({ label: 'Admin', to: '/admin' });
  });
});

describe('SiteHeader', () => {
  it('shows a visitor the Login button to /auth, the menus and direct links, and no Admin link', () => {
    renderHeader(null);
    expect(mainNav().getAllByRole('link').map((link) => link.textContent)).toEqual(['Home', 'About', 'Gallery', 'Contact']);
    expect(mainNav().getAllByRole('button').map((button) => button.textContent?.trim())).toEqual(['Services', 'Locations', 'Book & Track']);
    expect(screen.getAllByRole('link', { name: 'Login' })[0].getAttribute('href')).toBe('/auth');
    expect(screen.queryByRole('button', { name: 'Logout' })).toBeNull();
    expect(screen.queryByRole('link', { name: 'Admin' })).toBeNull();
    fireEvent.click(mainNav().getByRole('button', { name: /Book & Track/ }));
    expect(within(screen.getByRole('list', { name: 'Book & Track' })).queryByText('My Dashboard')).toBeNull();
  });

  it('greets a signed-in customer by first name with Logout, and adds My Dashboard but no Admin link', () => {
    renderHeader(customer);
    expect(screen.getAllByTestId('signed-in-user')[0].textContent).toBe('Kim');
    expect(screen.getAllByRole('button', { name: 'Logout' }).length).toBeGreaterThan(0);
    expect(screen.queryByRole('link', { name: 'Login' })).toBeNull();
    expect(screen.queryByRole('link', { name: 'Admin' })).toBeNull();
    fireEvent.click(mainNav().getByRole('button', { name: /Book & Track/ }));
    expect(within(screen.getByRole('list', { name: 'Book & Track' })).getByRole('link', { name: 'My Dashboard' }).getAttribute('href')).toBe('/dashboard');
  });

  it('shows an admin the Admin link, greeting by username when there is no first name', () => {
    renderHeader(admin);
    expect(mainNav().getByRole('link', { name: 'Admin' }).getAttribute('href')).toBe('/admin');
    expect(screen.getAllByTestId('signed-in-user')[0].textContent).toBe('admin');
  });

  it('has STUCK NOW and both staff phone buttons in the slide-out menu', () => {
    renderHeader(null);
    fireEvent.click(screen.getByRole('button', { name: 'Open menu' }));
    const drawer = within(screen.getByRole('complementary', { name: 'Menu' }));
    expect(drawer.getByRole('link', { name: 'STUCK NOW' }).getAttribute('href')).toBe('/sos');
    const phones = drawer.getAllByRole('link', { name: /^Call / }).map((link) => link.getAttribute('href'));
    expect(phones).toEqual(['tel:+61491570157', 'tel:+61491570158']);
  });

  it('closes the slide-out menu on Escape and gives focus back to the menu button', () => {
    renderHeader(null);
    const open = screen.getByRole('button', { name: 'Open menu' });
    fireEvent.click(open);
    expect(open.getAttribute('aria-expanded')).toBe('true');
    fireEvent.keyDown(screen.getByRole('link', { name: 'STUCK NOW', hidden: true }), { key: 'Escape' });
    expect(open.getAttribute('aria-expanded')).toBe('false');
    expect(document.activeElement).toBe(open);
  });

  it('logs out through the API, forgets the cached user and says goodbye', async () => {
    sessionStorage.setItem(AUTH_STORAGE_KEY, JSON.stringify(customer));
    const calls: string[] = [];
    fakeFetch((url, init) => {
      calls.push(`${init?.method ?? 'GET'} ${url}`);
      return apiAnswer(204, undefined, 'No Content');
    });
    renderHeader(customer);
    fireEvent.click(screen.getAllByRole('button', { name: 'Logout' })[0]);
    await screen.findByText('Goodbye, Kim! You have been successfully logged out');
    expect(calls).toEqual(['POST /api/auth/logout']);
    expect(sessionStorage.getItem(AUTH_STORAGE_KEY)).toBeNull();
    expect(screen.getAllByRole('link', { name: 'Login' }).length).toBeGreaterThan(0);
  });
});
