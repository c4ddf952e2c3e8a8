import { CloseOutlined } from '@ant-design/icons';
import type { Announcement } from '@towing/contracts';
import { useState } from 'react';
import { displayType, loadDismissed, popupState, saveDismissed } from './announcement-rules';

/** One popup at a time; 'Got it' or the close button dismisses it for the rest of the day. */
export function AnnouncementPopup({ announcements }: { announcements: Announcement[] }) {
  const [baseline] = useState(() => new Set(loadDismissed(localStorage, new Date())));
  const [dismissed, setDismissed] = useState<ReadonlySet<number>>(baseline);
  const state = popupState(announcements, baseline, dismissed);
  if (!state) return null;

  function dismiss(id: number) {
    const now = new Date();
    const ids = [...new Set([...loadDismissed(localStorage, now), id])];
    saveDismissed(localStorage, now, ids);
    setDismissed((current) => new Set([...current, id]));
  }

  const { current, position, total } = state;
  const type = displayType(current.type);
  return (
    <div className="announcement-overlay">
      <div className={`announcement-popup announcement-${type}`} role="dialog" aria-modal="true" aria-labelledby={`announcement-${current.id}`}>
        <button type="button" className="announcement-close" aria-label="Close" onClick={() => dismiss(current.id)}>
          <CloseOutlined aria-hidden />
        </button>
        <span className="announcement-badge">{type}</span>
        <h2 id={`announcement-${current.id}`} className="announcement-title">
          {current.title}
        </h2>
        <p className="announcement-message">{current.message}</p>
        <div className="announcement-footer">
          {total > 1 && (
            <span className="announcement-count">
              {position} of {total} announcements
            </span>
          )}
          <button type="button" className="nav-button announcement-ok" onClick={() => dismiss(current.id)} autoFocus>
            Got it
          </button>
        </div>
      </div>
    </div>
  );
}
