import CheckCircleFilled from '@ant-design/icons-svg/es/asn/CheckCircleFilled';
import CloseCircleFilled from '@ant-design/icons-svg/es/asn/CloseCircleFilled';
import CloseOutlined from '@ant-design/icons-svg/es/asn/CloseOutlined';
import ExclamationCircleFilled from '@ant-design/icons-svg/es/asn/ExclamationCircleFilled';
import InfoCircleFilled from '@ant-design/icons-svg/es/asn/InfoCircleFilled';
import type { IconDefinition } from '@ant-design/icons-svg/lib/types';
import { svgIconElement } from './svg-icon';

type Kind = 'success' | 'error' | 'info' | 'warning';

export interface NotificationArgs {
  title: string;
  description?: string;
  /** Seconds on screen; 0 keeps it until closed. */
  duration?: number;
}

export type Notifier = Record<Kind, (args: NotificationArgs) => void>;

/** Spec: one toast at a time, shown for 5 s by default. */
const DEFAULT_DURATION_S = 5;

/** Spec: a swipe of 50 px to the right dismisses a toast. */
export const SWIPE_DISMISS_PX = 50;

const ICONS: Record<Kind, IconDefinition> = {
  success: CheckCircleFilled,
  error: CloseCircleFilled,
  info: InfoCircleFilled,
  warning: ExclamationCircleFilled,
};

let host: HTMLDivElement | null = null;
let current: HTMLDivElement | null = null;
let timer: ReturnType<typeof setTimeout> | undefined;

function close() {
  clearTimeout(timer);
  current?.remove();
  current = null;
}

function startTimer(seconds: number) {
  clearTimeout(timer);
  if (seconds > 0) timer = setTimeout(close, seconds * 1000);
}

function element(tag: string, className: string, text?: string): HTMLElement {
  const made = document.createElement(tag);
  made.className = className;
  if (text !== undefined) made.textContent = text;
  return made;
}

/**
 * Follows a finger (or mouse) dragging the toast sideways; far enough to the right, it goes. The
 * toast captures the pointer, so a mouse released outside it still ends the drag here.
 */
function swipeToDismiss(toast: HTMLDivElement, seconds: number) {
  let start: number | null = null;
  const move = (offset: number) => {
    toast.style.transform = offset ? `translateX(${offset}px)` : '';
    toast.style.opacity = offset ? String(Math.max(0.2, 1 - offset / 200)) : '';
  };
  /** A drag that ended without a release on the toast (cancelled, capture lost) slides back. */
  const slideBack = () => {
    if (start === null) return;
    start = null;
    move(0);
    startTimer(seconds);
  };
  toast.addEventListener('pointerdown', (event) => {
    if ((event.target as Element).closest('button')) return;
    start = event.clientX;
    toast.setPointerCapture(event.pointerId);
    clearTimeout(timer);
  });
  toast.addEventListener('pointermove', (event) => {
    if (start !== null) move(Math.max(0, event.clientX - start));
  });
  toast.addEventListener('pointerup', (event) => {
    if (start === null) return;
    const distance = event.clientX - start;
    start = null;
    move(0);
    if (distance >= SWIPE_DISMISS_PX) close();
    else startTimer(seconds);
  });
  toast.addEventListener('pointercancel', slideBack);
  toast.addEventListener('lostpointercapture', slideBack);
}

function show(kind: Kind) {
  return ({ title, description, duration = DEFAULT_DURATION_S }: NotificationArgs) => {
    close();
    if (!host) {
      host = document.createElement('div');
      host.className = 'toast-host';
    }
    // Put back if a test (or anything else) emptied the body since.
    if (!host.isConnected) document.body.append(host);
    const toast = element('div', `toast toast-${kind}`) as HTMLDivElement;
    toast.setAttribute('role', kind === 'error' ? 'alert' : 'status');
    const icon = element('span', 'toast-icon');
    icon.setAttribute('aria-hidden', 'true');
    icon.append(svgIconElement(ICONS[kind]));
    toast.append(icon, element('div', 'toast-title', title));
    if (description) toast.append(element('div', 'toast-description', description));
    const closeButton = element('button', 'toast-close') as HTMLButtonElement;
    closeButton.type = 'button';
    closeButton.setAttribute('aria-label', 'Close');
    closeButton.append(svgIconElement(CloseOutlined));
    closeButton.addEventListener('click', close);
    toast.append(closeButton);
    swipeToDismiss(toast, duration);
    // Like antd's toasts, which these replace: reading one must not make it vanish.
    toast.addEventListener('mouseenter', () => clearTimeout(timer));
    toast.addEventListener('mouseleave', () => startTimer(duration));
    host.append(toast);
    current = toast;
    startTimer(duration);
  };
}

/**
 * The app's one toast mechanism: plain DOM, no framework, no provider, so every screen (with or
 * without antd) and the SOS page, which runs no React at all, toast the same way and offline.
 * Not antd's notification: about 60 kB gzipped for notification alone.
 */
export const notification: Notifier = { success: show('success'), error: show('error'), info: show('info'), warning: show('warning') };

/** The toasts, for React screens; not a hook in fact (nothing to subscribe to), named as the screens call it. */
export function useNotification(): Notifier {
  return notification;
}
