import type { User } from '@towing/contracts';

export interface NavLink {
  label: string;
  to: string;
}

export interface NavMenu {
  label: string;
  links: NavLink[];
}

export interface Navigation {
  menus: NavMenu[];
  direct: NavLink[];
  /** Only for role admin. */
  admin: NavLink | null;
}

/** The header's menus (docs/rules.md, "Site and routes"); what a visitor sees depends on who is signed in. */
export function navigationFor(user: Pick<User, 'role'> | null): Navigation {
  const bookAndTrack: NavLink[] = [
    { label: 'Book Service', to: '/booking' },
    { label: 'Track Job', to: '/customer-portal' },
  ];
  if (user) bookAndTrack.push({ label: 'My Dashboard', to: '/dashboard' });
  bookAndTrack.push({ label: 'Testimonials', to: '/testimonials' });

  return {
    menus: [
      {
        label: 'Services',
        links: [
          { label: 'All Services', to: '/services' },
          { label: 'Pricing Guide', to: '/pricing' },
          { label: 'Fleet Contracts', to: '/fleet-contracts' },
        ],
      },
      {
        label: 'Locations',
        links: [
          { label: 'Service Areas', to: '/service-areas' },
          { label: 'Karratha', to: '/karratha' },
          { label: 'Dampier', to: '/dampier' },
          { label: 'Tom Price', to: '/tom-price' },
        ],
      },
      { label: 'Book & Track', links: bookAndTrack },
    ],
    direct: [
      { label: 'Home', to: '/' },
      { label: 'About', to: '/about' },
      { label: 'Gallery', to: '/gallery' },
      { label: 'Contact', to: '/contact' },
    ],
    admin: user?.role === 'admin' ? { label: 'Admin', to: '/admin' } : null,
  };
}
