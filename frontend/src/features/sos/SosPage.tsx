import AimOutlined from '@ant-design/icons-svg/es/asn/AimOutlined';
import CameraOutlined from '@ant-design/icons-svg/es/asn/CameraOutlined';
import CheckCircleFilled from '@ant-design/icons-svg/es/asn/CheckCircleFilled';
import MessageOutlined from '@ant-design/icons-svg/es/asn/MessageOutlined';
import PhoneOutlined from '@ant-design/icons-svg/es/asn/PhoneOutlined';
import { BUSINESS, EMERGENCY_DEFAULTS, PHONE_MAX_LENGTH, routePath } from '@towing/contracts';
import { screenTitle, useDocumentTitle } from '../../shared/hooks/useDocumentTitle';
import { SvgIcon } from '../../shared/ui/SvgIcon';
import { callHref, smsHref } from './emergency-request';
import { PHOTO_ACCEPT } from './photo-upload';
import { PHOTO_LABEL, QUEUED_TITLE, SOS_FIELD_IDS, SOS_IDS } from './sos-dom';
import './sos.css';

/** A spinner for a busy control, shown by the page's script while it works; the text beside it says what is happening. */
function Busy() {
  return <span className="sos-spinner" aria-hidden hidden />;
}

/**
 * The SOS page as it is before any script: rendered to HTML at build time (prerender.tsx), it
 * works on its own (the call and SMS links, the form's native post), and its one script,
 * sos-page.ts, does the rest on this markup: no React runs on the phone here. The confirmation
 * and the saved-offline card are in the HTML, hidden until the script has something to show.
 * Plain elements and sos.css, no component library: a driver on one bar of signal downloads this
 * page before anything else, so it stays well under its budgets (scripts/bench/web.mjs).
 */
export default function SosPage() {
  useDocumentTitle(screenTitle('Emergency Recovery'));
  return (
    <div className="sos">
      <div className="sos-banner">Emergency 4x4 Recovery - We're here to help!</div>

      <div className="sos-contact">
        <a href={callHref} className="sos-button sos-button-danger sos-big">
          <SvgIcon icon={PhoneOutlined} /> Call {BUSINESS.phone}
        </a>
        <a id={SOS_IDS.sms} href={smsHref(null)} className="sos-button sos-big">
          <SvgIcon icon={MessageOutlined} /> Send SMS
        </a>
      </div>

      <div id={SOS_IDS.confirmation} className="sos-card sos-confirmation" hidden>
        <SvgIcon icon={CheckCircleFilled} className="sos-confirmation-icon" />
        <h2 className="sos-confirmation-title">Help is on the way!</h2>
        <p className="sos-muted">We've received your emergency request and are dispatching help immediately.</p>
        <p>
          <strong>We'll call you within {EMERGENCY_DEFAULTS.callbackMinutes} minutes</strong>
        </p>
        <p>
          Job ID: <strong id={SOS_IDS.jobId} />
        </p>
        <p id={SOS_IDS.tracking} hidden>
          Track your job (the link is in our text too): <a id={SOS_IDS.trackingLink} className="sos-tracking-link" />
        </p>
        <p id={SOS_IDS.photoStatus} hidden />
        <a href={callHref} className="sos-button sos-button-danger sos-big">
          <SvgIcon icon={PhoneOutlined} /> Call {BUSINESS.phone}
        </a>
      </div>

      <section className="sos-card" aria-labelledby="sos-form-title">
        <h2 id="sos-form-title" className="sos-card-title">
          Quick Recovery Request
        </h2>
        {/* Before the script runs (one bar may never bring it) the form posts itself natively; the script then sends the JSON command. */}
        <form id={SOS_IDS.form} className="sos-form" method="post" action={routePath('POST /api/sos/form')}>
          <div className="sos-field">
            <label htmlFor={SOS_FIELD_IDS.location}>Location</label>
            <textarea id={SOS_FIELD_IDS.location} name="location" className="sos-input sos-location" rows={2} placeholder="Road, track or landmark" />
          </div>
          <button id={SOS_IDS.refresh} type="button" className="sos-button sos-refresh" aria-busy={false}>
            <Busy />
            <SvgIcon icon={AimOutlined} /> Refresh GPS
          </button>

          <div className="sos-field">
            <label htmlFor={SOS_FIELD_IDS.phone} className="sos-required">
              Phone
            </label>
            <input
              id={SOS_FIELD_IDS.phone}
              name="phone"
              required
              className="sos-input"
              type="tel"
              inputMode="tel"
              autoComplete="tel"
              maxLength={PHONE_MAX_LENGTH}
              aria-required
              placeholder="04xx xxx xxx"
            />
          </div>
          <div className="sos-field">
            <label htmlFor={SOS_FIELD_IDS.name}>Name (optional)</label>
            <input id={SOS_FIELD_IDS.name} name="name" className="sos-input" autoComplete="name" />
          </div>
          <div className="sos-field">
            <label htmlFor={SOS_FIELD_IDS.vehicle}>Vehicle details</label>
            <input id={SOS_FIELD_IDS.vehicle} name="vehicle" className="sos-input" placeholder="Make, model, colour" />
          </div>
          <div className="sos-field">
            <label htmlFor={SOS_FIELD_IDS.situation}>What happened?</label>
            <textarea
              id={SOS_FIELD_IDS.situation}
              name="situation"
              className="sos-input sos-situation"
              rows={3}
              placeholder="Bogged, broken down, rolled, stuck in a creek..."
            />
          </div>

          <div className="sos-field">
            <label htmlFor={SOS_IDS.photo}>Photo (optional)</label>
            <label id={SOS_IDS.photoLabel} className="sos-photo">
              <SvgIcon icon={CameraOutlined} /> <span data-photo-label>{PHOTO_LABEL.none}</span>
              <input id={SOS_IDS.photo} type="file" accept={PHOTO_ACCEPT} capture="environment" />
            </label>
            <p id={SOS_IDS.photoHelp} className="sos-help" hidden />
          </div>

          <button id={SOS_IDS.send} type="submit" className="sos-button sos-button-danger sos-big" aria-busy={false}>
            <Busy /> Send Emergency Request
          </button>
        </form>
      </section>

      <div id={SOS_IDS.queued} role="status" className="sos-queued" hidden>
        <p id={SOS_IDS.queuedTitle} className="sos-queued-title">
          {QUEUED_TITLE.waiting}
        </p>
        <p>
          Saved on this phone at <span id={SOS_IDS.queuedTime} />. It will be sent automatically as soon as you have a connection; we keep
          trying every few seconds, so you don't need to press anything.
        </p>
        <p>
          <strong>If you can get a call out, ring us on {BUSINESS.phone}.</strong>
        </p>
        <button id={SOS_IDS.sendNow} type="button" className="sos-button" aria-busy={false}>
          <Busy /> Send now
        </button>
      </div>
    </div>
  );
}
