import CloseOutlined from '@ant-design/icons-svg/es/asn/CloseOutlined';
import type { Announcement } from '@towing/contracts';
import { type MouseEvent, useEffect, useState } from 'react';
import { displayType } from './announcement-order';
import { loadDismissed, popupState, saveDismissed } from './announcement-rules';
import { SvgIcon } from '../../shared/ui/SvgIcon';

/** One popup at a time; 'Got it' or the close button dismisses it for the rest of the day. */
export function AnnouncementPopup({ announcements }: { announcements: Announcement[] }) {
  // Read after mount: the page's HTML is rendered at build time, where there is no localStorage.
  const [baseline, setBaseline] = useState<ReadonlySet<number> | null>(null);
  const [dismissed, setDismissed] = useState<ReadonlySet<number>>(new Set());
  useEffect(() => {
    const stored = new Set(loadDismissed(localStorage, new Date()));
    setBaseline(stored);
    setDismissed(stored);
  }, []);
  const state = baseline && popupState(announcements, baseline, dismissed);
  if (!state) return null;

  /**
   * The second click of a double click (or a held Enter's repeats) lands on the next popup, which
   * took this one's place under the pointer: it would be dismissed unseen and the count would skip.
   */
  function dismissOnce(event: MouseEvent, id: number) {
    if (event.detail > 1) return;
    dismiss(id);
  }

  function dismiss(id: number) {
    const now = new Date();
    const ids = [...new Set([...loadDismissed(localStorage, now), id])];
    saveDismissed(localStorage, now, ids);
    setDismissed((current) => new Set([...current, id]));
  }

  const { current, position, total } = state;
  const type = displayType(current.type);
  return (
    <div className="announcement-overlay" onKeyDown={(event) => event.repeat && event.preventDefault()}>
      <div key={current.id} className={`announcement-popup announcement-${type}`} role="dialog" aria-modal="true" aria-labelledby={`announcement-${current.id}`}>
        <button type="button" className="announcement-close" aria-label="Close" onClick={(event) => dismissOnce(event, current.id)}>
          <SvgIcon icon={CloseOutlined} />
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
          <button type="button" className="nav-button announcement-ok" onClick={(event) => dismissOnce(event, current.id)} autoFocus>
            Got it
          </button>
        </div>
      </div>
    </div>
  );
}
