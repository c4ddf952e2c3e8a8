import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import type { Announcement } from '@towing/contracts';
import { renderToStaticMarkup } from 'react-dom/server';
import { StaticRouter } from 'react-router-dom';
import { startStaticShell } from './static-shell';
import { LiveStatusCard } from '../live-status/LiveStatusCard';
import { SiteHeader } from './components/SiteHeader';
import { answerFrom, fakeFetch, restoreFetch } from '../../../test/api-answer';

const closure: Announcement = {
  id: 3,
  title: 'Millstream Road closed',
  message: 'Flooding at the Fortescue crossing.',
  type: 'warning',
  active: true,
  showAsPopup: false,
  showInSidebar: true,
  createdAt: '2026-11-20T06:00:00.000Z',
} as Announcement;

/** The shell as the SOS page's HTML has it (the app's own components, rendered to HTML: no React runs), then its script started on it. */
function renderStaticShell() {
  document.body.innerHTML = renderToStaticMarkup(
    <StaticRouter location="/sos">
      <SiteHeader />
      <div className="shell-aside">
        <LiveStatusCard stats={null} />
      </div>
    </StaticRouter>,
  );
  startStaticShell(document.body);
}

beforeEach(() => {
  fakeFetch((url) =>
    answerFrom(
      {
        '/api/stats/live': { status: 200, body: { availableDrivers: 2, averageResponseMinutes: 35, activeJobs: 4 } },
        '/api/announcements': { status: 200, body: [closure] },
      },
      url,
      { status: 404, body: { statusCode: 404, message: 'Not Found' } },
    ),
  );
});

afterEach(() => {
  document.body.replaceChildren();
  restoreFetch();
});

describe('the shell of a page that runs no app', () => {
  it('opens the slide-out menu from the burger and closes it on Escape, focus back on the burger', () => {
    renderStaticShell();
    const burger = screen.getByRole('button', { name: 'Open menu' });
    expect(screen.queryByRole('complementary', { name: 'Menu' })).toBeNull();
    fireEvent.click(burger);
    const drawer = within(screen.getByRole('complementary', { name: 'Menu' }));
    expect(burger.getAttribute('aria-expanded')).toBe('true');
    expect(drawer.getByRole('link', { name: 'STUCK NOW' }).getAttribute('href')).toBe('/sos');
    fireEvent.keyDown(drawer.getByRole('link', { name: 'STUCK NOW' }), { key: 'Escape' });
    expect(screen.queryByRole('complementary', { name: 'Menu' })).toBeNull();
    expect(document.activeElement).toBe(burger);
    fireEvent.click(burger);
    fireEvent.click(screen.getByRole('button', { name: 'Close menu' }));
    expect(burger.getAttribute('aria-expanded')).toBe('false');
  });

  it("opens a desktop menu's links as plain links and closes it again", () => {
    renderStaticShell();
    const toggle = within(screen.getByRole('navigation', { name: 'Main' })).getByRole('button', { name: /Locations/ });
    fireEvent.click(toggle);
    const links = within(screen.getByRole('list', { name: 'Locations' })).getAllByRole('link');
    expect(links.map((link) => [link.textContent, link.getAttribute('href')])).toContainEqual(['Karratha', '/karratha']);
    fireEvent.click(toggle);
    expect(screen.queryByRole('list', { name: 'Locations' })).toBeNull();
  });

  it('shows the live figures and the announcements, read once, and folds an announcement away', async () => {
    renderStaticShell();
    await waitFor(() => expect(screen.getByTestId('live-drivers').textContent).toBe('2'));
    expect(screen.getByTestId('live-response').textContent).toBe('35 min');
    expect(screen.queryByText('Connecting…')).toBeNull();
    const sidebar = within(await screen.findByRole('complementary', { name: 'Announcements' }));
    sidebar.getByRole('heading', { name: 'Millstream Road closed' });
    fireEvent.click(sidebar.getByRole('button', { name: 'Hide Millstream Road closed' }));
    expect(sidebar.getByText('Flooding at the Fortescue crossing.').hidden).toBe(true);
    fireEvent.click(sidebar.getByRole('button', { name: 'Show Millstream Road closed' }));
    expect(sidebar.getByText('Flooding at the Fortescue crossing.').hidden).toBe(false);
  });
});
