import DownOutlined from '@ant-design/icons-svg/es/asn/DownOutlined';
import UpOutlined from '@ant-design/icons-svg/es/asn/UpOutlined';
import type { Announcement } from '@towing/contracts';
import { useState } from 'react';
import { displayType, sidebarAnnouncements } from './announcement-order';
import { SvgIcon } from '../../shared/ui/SvgIcon';

function AnnouncementCard({ announcement }: { announcement: Announcement }) {
  const [collapsed, setCollapsed] = useState(false);
  const type = displayType(announcement.type);
  return (
    <article className={`announcement-card announcement-${type}`}>
      <header className="announcement-card-head">
        <h3 className="announcement-card-title">{announcement.title}</h3>
        <button
          type="button"
          className="announcement-toggle"
          aria-expanded={!collapsed}
          aria-label={collapsed ? `Show ${announcement.title}` : `Hide ${announcement.title}`}
          onClick={() => setCollapsed((value) => !value)}
        >
          {collapsed ? <SvgIcon icon={DownOutlined} /> : <SvgIcon icon={UpOutlined} />}
        </button>
      </header>
      {!collapsed && <p className="announcement-card-message">{announcement.message}</p>}
    </article>
  );
}

export function AnnouncementSidebar({ announcements }: { announcements: Announcement[] }) {
  const cards = sidebarAnnouncements(announcements);
  if (cards.length === 0) return null;
  return (
    <aside className="announcement-sidebar" aria-label="Announcements">
      {cards.map((announcement) => (
        <AnnouncementCard key={announcement.id} announcement={announcement} />
      ))}
    </aside>
  );
}
