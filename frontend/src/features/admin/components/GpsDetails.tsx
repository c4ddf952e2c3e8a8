import CheckOutlined from '@ant-design/icons-svg/es/asn/CheckOutlined';
import CopyOutlined from '@ant-design/icons-svg/es/asn/CopyOutlined';
import { formatCoordinates, type GpsFix, mapLinks } from '@towing/contracts';
import { useState } from 'react';
import { SvgIcon } from '../../../shared/ui/SvgIcon';
import { formatAccuracy, formatAge } from '../durations';

/** Copies the coordinates for a radio call or another app; the tick says it worked. */
function CopyCoordinates({ text }: { text: string }) {
  const [copied, setCopied] = useState(false);
  async function copy() {
    await navigator.clipboard.writeText(text);
    setCopied(true);
  }
  return (
    <button type="button" className="board-text-button" aria-label={copied ? 'Copied' : 'Copy coordinates'} onClick={() => void copy()}>
      <SvgIcon icon={copied ? CheckOutlined : CopyOutlined} />
    </button>
  );
}

/** Where the driver's phone put them, how sure it was, how old that is, and a tap to navigate there. */
export function GpsDetails({ fix, now }: { fix: GpsFix; now: number }) {
  const links = mapLinks(fix);
  const coordinates = formatCoordinates(fix);
  return (
    <div className="board-gps">
      <span>
        GPS {coordinates} <CopyCoordinates text={coordinates} />
      </span>
      <div>
        <span className="board-muted">
          {formatAccuracy(fix.accuracyM)} · fixed {formatAge(now - Date.parse(fix.fixedAt))}
        </span>
      </div>
      <div className="admin-row">
        <a href={links.google} target="_blank" rel="noreferrer">
          Google Maps
        </a>
        <a href={links.apple} target="_blank" rel="noreferrer">
          Apple Maps
        </a>
        <a href={links.geo}>Navigation app</a>
      </div>
    </div>
  );
}
