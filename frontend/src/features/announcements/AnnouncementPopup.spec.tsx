import { cleanup, fireEvent, render, screen } from '@testing-library/react';
import type { Announcement } from '@towing/contracts';
import { todayInPerth } from '@towing/contracts';
import { DISMISSED_STORAGE_KEY, loadDismissed, popupState, saveDismissed } from './announcement-rules';
import { AnnouncementPopup } from './AnnouncementPopup';
import { AnnouncementSidebar } from './AnnouncementSidebar';

function announcement(id: number, type: string, createdAt: string, overrides: Partial<Announcement> = {}): Announcement {
  return {
    id,
    title: `Notice ${id}`,
    message: `Message ${id}`,
    type: type as Announcement['type'],
    active: true,
    showAsPopup: true,
    showInSidebar: true,
    createdAt,
    createdBy: 'admin',
    expiresAt: null,
    ...overrides,
  };
}

const info = announcement(1, 'info', '2026-11-20T01:00:00.000Z');
const urgentOld = announcement(2, 'urgent', '2026-11-19T01:00:00.000Z');
const warning = announcement(3, 'warning', '2026-11-20T02:00:00.000Z');
const urgentNew = announcement(4, 'urgent', '2026-11-20T03:00:00.000Z');
const sidebarOnly = announcement(5, 'info', '2026-11-20T04:00:00.000Z', { showAsPopup: false });
const odd = announcement(6, 'holiday', '2026-11-20T05:00:00.000Z', { showAsPopup: false });

afterEach(() => {
  cleanup();
  localStorage.clear();
});

describe('popup rules', () => {
  it('queues popups most severe first, newest first within a type, and skips sidebar-only ones', () => {
    const state = popupState([info, urgentOld, warning, urgentNew, sidebarOnly], new Set(), new Set());
    expect(state).toMatchObject({ current: { id: 4 }, position: 1, total: 4 });
    expect(popupState([info, urgentOld, warning, urgentNew], new Set(), new Set([4]))).toMatchObject({ current: { id: 2 }, position: 2, total: 4 });
    expect(popupState([info, urgentOld, warning, urgentNew], new Set(), new Set([4, 2]))).toMatchObject({ current: { id: 3 }, position: 3 });
    expect(popupState([info], new Set([1]), new Set([1]))).toBeNull();
  });

  it('keeps dismissals for the calendar day in Perth and forgets them the next day', () => {
    const evening = new Date('2026-11-20T15:30:00.000Z'); // 11:30 PM in Perth
    saveDismissed(localStorage, evening, [1, 2]);
    expect(loadDismissed(localStorage, new Date('2026-11-20T15:59:00.000Z'))).toEqual([1, 2]);
    expect(todayInPerth(new Date('2026-11-20T16:00:00.000Z'))).toBe('2026-11-21');
    expect(loadDismissed(localStorage, new Date('2026-11-20T16:00:00.000Z'))).toEqual([]);
    expect(localStorage.getItem(DISMISSED_STORAGE_KEY)).toBeNull();
  });

  it('treats an unreadable stored list as nothing dismissed', () => {
    localStorage.setItem(DISMISSED_STORAGE_KEY, '{not json');
    expect(loadDismissed(localStorage, new Date())).toEqual([]);
  });
});

describe('AnnouncementPopup', () => {
  it('shows one popup at a time with N of M, and Got it moves on and remembers the dismissal for today', () => {
    render(<AnnouncementPopup announcements={[info, urgentNew, warning]} />);
    expect(screen.getByRole('dialog').textContent).toContain('Notice 4');
    screen.getByText('1 of 3 announcements');

    fireEvent.click(screen.getByRole('button', { name: 'Got it' }));
    expect(screen.getByRole('dialog').textContent).toContain('Notice 3');
    screen.getByText('2 of 3 announcements');

    fireEvent.click(screen.getByRole('button', { name: 'Close' }));
    screen.getByText('3 of 3 announcements');
    fireEvent.click(screen.getByRole('button', { name: 'Got it' }));
    expect(screen.queryByRole('dialog')).toBeNull();
    expect(loadDismissed(localStorage, new Date()).sort()).toEqual([1, 3, 4]);
  });

  it('counts up one at a time when Got it is double-clicked: the second click never dismisses the next popup unseen', () => {
    render(<AnnouncementPopup announcements={[info, urgentNew, warning]} />);
    screen.getByText('1 of 3 announcements');
    fireEvent.click(screen.getByRole('button', { name: 'Got it' }), { detail: 1 });
    fireEvent.click(screen.getByRole('button', { name: 'Got it' }), { detail: 2 });
    screen.getByText('2 of 3 announcements');
    expect(loadDismissed(localStorage, new Date())).toEqual([4]);
  });

  it('does not let a held Enter key run through the popups', () => {
    render(<AnnouncementPopup announcements={[info, urgentNew, warning]} />);
    const held = fireEvent.keyDown(screen.getByRole('button', { name: 'Got it' }), { key: 'Enter', repeat: true });
    expect(held).toBe(false);
    screen.getByText('1 of 3 announcements');
  });

  it('shows no count for a single popup and nothing for one dismissed earlier today', () => {
    saveDismissed(localStorage, new Date(), [4]);
    render(<AnnouncementPopup announcements={[urgentNew, info]} />);
    expect(screen.getByRole('dialog').textContent).toContain('Notice 1');
    expect(screen.queryByText(/of \d+ announcements/)).toBeNull();
  });

  it('shows again a popup dismissed on an earlier day', () => {
    localStorage.setItem(DISMISSED_STORAGE_KEY, JSON.stringify({ day: '2020-01-01', ids: [4] }));
    render(<AnnouncementPopup announcements={[urgentNew]} />);
    expect(screen.getByRole('dialog').textContent).toContain('Notice 4');
  });
});

describe('AnnouncementSidebar', () => {
  it('lists every sidebar announcement with red, yellow and blue styling, unknown types as info', () => {
    render(<AnnouncementSidebar announcements={[info, warning, urgentNew, odd, announcement(7, 'urgent', '2026-11-20T06:00:00.000Z', { showInSidebar: false })]} />);
    const cards = screen.getAllByRole('article');
    expect(cards.map((card) => card.querySelector('h3')?.textContent)).toEqual(['Notice 4', 'Notice 3', 'Notice 6', 'Notice 1']);
    expect(cards.map((card) => card.className)).toEqual([
      'announcement-card announcement-urgent',
      'announcement-card announcement-warning',
      'announcement-card announcement-info',
      'announcement-card announcement-info',
    ]);
  });

  it('collapses a card to hide its message and expands it again', () => {
    render(<AnnouncementSidebar announcements={[warning]} />);
    fireEvent.click(screen.getByRole('button', { name: 'Hide Notice 3' }));
    expect(screen.queryByText('Message 3')).toBeNull();
    fireEvent.click(screen.getByRole('button', { name: 'Show Notice 3' }));
    screen.getByText('Message 3');
  });
});
