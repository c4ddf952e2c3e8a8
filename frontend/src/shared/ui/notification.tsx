import CheckCircleFilled from '@ant-design/icons-svg/es/asn/CheckCircleFilled';
import CloseCircleFilled from '@ant-design/icons-svg/es/asn/CloseCircleFilled';
import CloseOutlined from '@ant-design/icons-svg/es/asn/CloseOutlined';
import ExclamationCircleFilled from '@ant-design/icons-svg/es/asn/ExclamationCircleFilled';
import InfoCircleFilled from '@ant-design/icons-svg/es/asn/InfoCircleFilled';
import { type PointerEvent, type ReactNode, useRef, useState, useSyncExternalStore } from 'react';
import { createRoot } from 'react-dom/client';
import './notification.css';
import { SvgIcon } from './SvgIcon';

type Kind = 'success' | 'error' | 'info' | 'warning';

export interface NotificationArgs {
  title: ReactNode;
  description?: ReactNode;
  /** Seconds on screen; 0 keeps it until closed. */
  duration?: number;
}

export type Notifier = Record<Kind, (args: NotificationArgs) => void>;

interface Toast extends NotificationArgs {
  id: number;
  kind: Kind;
}

/** Spec: one toast at a time, shown for 5 s by default. */
const DEFAULT_DURATION_S = 5;

/** Spec: a swipe of 50 px to the right dismisses a toast. */
export const SWIPE_DISMISS_PX = 50;

const ICONS: Record<Kind, ReactNode> = {
  success: <SvgIcon icon={CheckCircleFilled} />,
  error: <SvgIcon icon={CloseCircleFilled} />,
  info: <SvgIcon icon={InfoCircleFilled} />,
  warning: <SvgIcon icon={ExclamationCircleFilled} />,
};

let current: Toast | null = null;
let nextId = 0;
let timer: ReturnType<typeof setTimeout> | undefined;
const listeners = new Set<() => void>();

function set(toast: Toast | null) {
  current = toast;
  for (const listener of listeners) listener();
}

function subscribe(listener: () => void) {
  listeners.add(listener);
  return () => void listeners.delete(listener);
}

function close() {
  clearTimeout(timer);
  set(null);
}

function startTimer(toast: Toast) {
  clearTimeout(timer);
  const seconds = toast.duration ?? DEFAULT_DURATION_S;
  if (seconds > 0) timer = setTimeout(close, seconds * 1000);
}

/**
 * Follows a finger (or mouse) dragging the toast sideways; far enough to the right, it goes. The
 * toast captures the pointer, so a mouse released outside it still ends the drag here.
 */
function useSwipeToDismiss(toast: Toast) {
  const start = useRef<number | null>(null);
  const [offset, setOffset] = useState(0);
  /** A drag that ended without a release on the toast (cancelled, capture lost) slides back. */
  function slideBack() {
    if (start.current === null) return;
    start.current = null;
    setOffset(0);
    startTimer(toast);
  }
  return {
    offset,
    handlers: {
      onPointerDown(event: PointerEvent<HTMLDivElement>) {
        if ((event.target as Element).closest('button')) return;
        start.current = event.clientX;
        event.currentTarget.setPointerCapture(event.pointerId);
        clearTimeout(timer);
      },
      onPointerMove(event: PointerEvent<HTMLDivElement>) {
        if (start.current !== null) setOffset(Math.max(0, event.clientX - start.current));
      },
      onPointerUp(event: PointerEvent<HTMLDivElement>) {
        if (start.current === null) return;
        const distance = event.clientX - start.current;
        start.current = null;
        setOffset(0);
        if (distance >= SWIPE_DISMISS_PX) close();
        else startTimer(toast);
      },
      onPointerCancel: slideBack,
      onLostPointerCapture: slideBack,
    },
  };
}

function Toaster() {
  const toast = useSyncExternalStore(subscribe, () => current);
  if (!toast) return null;
  return <ToastView key={toast.id} toast={toast} />;
}

function ToastView({ toast }: { toast: Toast }) {
  const swipe = useSwipeToDismiss(toast);
  return (
    <div
      className={`toast toast-${toast.kind}`}
      role={toast.kind === 'error' ? 'alert' : 'status'}
      style={swipe.offset ? { transform: `translateX(${swipe.offset}px)`, opacity: Math.max(0.2, 1 - swipe.offset / 200) } : undefined}
      {...swipe.handlers}
      // Like antd's toasts, which these replace: reading one must not make it vanish.
      onMouseEnter={() => clearTimeout(timer)}
      onMouseLeave={() => startTimer(toast)}
    >
      <span className="toast-icon" aria-hidden>
        {ICONS[toast.kind]}
      </span>
      <div className="toast-title">{toast.title}</div>
      {toast.description && <div className="toast-description">{toast.description}</div>}
      <button type="button" className="toast-close" aria-label="Close" onClick={close}>
        <SvgIcon icon={CloseOutlined} />
      </button>
    </div>
  );
}

let mounted = false;

/** Its own root, so any screen, with or without antd, can toast without a provider above it. */
function mount() {
  if (mounted) return;
  mounted = true;
  const host = document.createElement('div');
  host.className = 'toast-host';
  document.body.append(host);
  createRoot(host).render(<Toaster />);
}

function show(kind: Kind) {
  return (args: NotificationArgs) => {
    mount();
    const toast = { ...args, id: ++nextId, kind };
    set(toast);
    startTimer(toast);
  };
}

const notifier: Notifier = { success: show('success'), error: show('error'), info: show('info'), warning: show('warning') };

/**
 * The app's one toast mechanism. Plain elements, not antd's notification: /sos must show its toasts
 * offline and without downloading antd (about 60 kB gzipped for notification alone).
 */
export function useNotification(): Notifier {
  return notifier;
}
