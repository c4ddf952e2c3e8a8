import DownOutlined from '@ant-design/icons-svg/es/asn/DownOutlined';
import UpOutlined from '@ant-design/icons-svg/es/asn/UpOutlined';
import type { Announcement, LiveStats } from '@towing/contracts';
import { displayType, readActiveAnnouncements, sidebarAnnouncements } from '../announcements';
import { readLiveStats } from '../live-status';
import { navigationFor } from './navigation';
import { svgIconElement } from '../../shared/ui/svg-icon';

function element<K extends keyof HTMLElementTagNameMap>(tag: K, className: string, text?: string): HTMLElementTagNameMap[K] {
  const made = document.createElement(tag);
  made.className = className;
  if (text !== undefined) made.textContent = text;
  return made;
}

/**
 * The header's menus on a page where the app's SiteHeader does not run (the SOS page): the slide-out menu
 * (the burger opens it; its close button, the backdrop and Escape close it, focus back on the
 * burger) and the desktop drop-downs. Their links are plain links: leaving loads the app.
 */
function startHeader(header: HTMLElement) {
  const burger = header.querySelector<HTMLButtonElement>('.site-header-actions .nav-burger')!;
  const drawer = header.querySelector<HTMLElement>('.drawer')!;
  const backdrop = element('div', 'drawer-backdrop');
  backdrop.setAttribute('aria-hidden', 'true');
  const showDrawer = (open: boolean) => {
    drawer.classList.toggle('drawer-open', open);
    drawer.setAttribute('aria-hidden', String(!open));
    drawer.inert = !open;
    burger.setAttribute('aria-expanded', String(open));
    if (open) drawer.before(backdrop);
    else backdrop.remove();
  };
  burger.addEventListener('click', () => showDrawer(true));
  backdrop.addEventListener('click', () => showDrawer(false));
  drawer.querySelector('.drawer-head .nav-burger')!.addEventListener('click', () => showDrawer(false));
  document.addEventListener('keydown', (event) => {
    if (event.key !== 'Escape' || !drawer.classList.contains('drawer-open')) return;
    showDrawer(false);
    burger.focus();
  });

  const menus = navigationFor(null).menus;
  header.querySelectorAll<HTMLElement>('.nav-dropdown').forEach((dropdown, index) => {
    const menu = menus[index]!;
    const toggle = dropdown.querySelector<HTMLButtonElement>('.nav-dropdown-toggle')!;
    const list = element('ul', 'nav-dropdown-list');
    list.setAttribute('aria-label', menu.label);
    for (const link of menu.links) {
      const item = document.createElement('li');
      const anchor = element('a', 'nav-dropdown-item', link.label);
      anchor.href = link.to;
      item.append(anchor);
      list.append(item);
    }
    const show = (open: boolean) => {
      toggle.setAttribute('aria-expanded', String(open));
      if (open) dropdown.append(list);
      else list.remove();
    };
    toggle.addEventListener('click', () => show(!list.isConnected));
    dropdown.addEventListener('focusout', (event) => {
      if (!dropdown.contains(event.relatedTarget as Node | null)) show(false);
    });
    dropdown.addEventListener('keydown', (event) => {
      if (event.key === 'Escape') show(false);
    });
  });
}

/** The Live Status card's figures, in the card the page was built with ("Connecting…" until then). */
function showLiveStats(card: HTMLElement, stats: LiveStats) {
  const figures = element('dl', 'live-status-figures');
  const rows: Array<[term: string, testId: string, value: string]> = [
    ['Available drivers', 'live-drivers', String(stats.availableDrivers)],
    ['Avg response', 'live-response', `${stats.averageResponseMinutes} min`],
    ['Active jobs', 'live-active', String(stats.activeJobs)],
  ];
  for (const [term, testId, value] of rows) {
    const row = document.createElement('div');
    const figure = element('dd', '', value);
    figure.dataset.testid = testId;
    row.append(element('dt', '', term), figure);
    figures.append(row);
  }
  card.querySelector('.live-status-waiting')?.replaceWith(figures);
}

function announcementCard(announcement: Announcement): HTMLElement {
  const card = element('article', `announcement-card announcement-${displayType(announcement.type)}`);
  const head = element('header', 'announcement-card-head');
  const toggle = element('button', 'announcement-toggle');
  toggle.type = 'button';
  const message = element('p', 'announcement-card-message', announcement.message);
  const show = (open: boolean) => {
    toggle.setAttribute('aria-expanded', String(open));
    toggle.setAttribute('aria-label', `${open ? 'Hide' : 'Show'} ${announcement.title}`);
    toggle.replaceChildren(svgIconElement(open ? UpOutlined : DownOutlined));
    message.hidden = !open;
  };
  toggle.addEventListener('click', () => show(message.hidden === true));
  show(true);
  head.append(element('h3', 'announcement-card-title', announcement.title), toggle);
  card.append(head, message);
  return card;
}

/**
 * The shell of a prerendered page that runs no app (the SOS page, whose own script calls this), as
 * the app's would be: the header's menus, and the Live Status figures and announcements read once
 * (no socket, no query library). A failed read leaves them out; they are a courtesy there.
 */
export function startStaticShell(root: ParentNode = document): void {
  const header = root.querySelector<HTMLElement>('.site-header');
  if (header) startHeader(header);
  const aside = root.querySelector<HTMLElement>('.shell-aside');
  if (!aside) return;
  readLiveStats()
    .then((stats) => {
      const card = aside.querySelector<HTMLElement>('.live-status');
      if (card) showLiveStats(card, stats);
    })
    .catch(() => undefined);
  readActiveAnnouncements()
    .then((announcements) => {
      const cards = sidebarAnnouncements(announcements);
      if (cards.length === 0) return;
      const sidebar = element('aside', 'announcement-sidebar');
      sidebar.setAttribute('aria-label', 'Announcements');
      sidebar.append(...cards.map(announcementCard));
      aside.append(sidebar);
    })
    .catch(() => undefined);
}
