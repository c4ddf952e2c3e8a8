import { CheckCircleFilled, CloseCircleFilled, CloseOutlined, ExclamationCircleFilled, InfoCircleFilled } from '@ant-design/icons';
import { type ReactNode, useSyncExternalStore } from 'react';
import { createRoot } from 'react-dom/client';
import './notification.css';

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

const ICONS: Record<Kind, ReactNode> = {
  success: <CheckCircleFilled />,
  error: <CloseCircleFilled />,
  info: <InfoCircleFilled />,
  warning: <ExclamationCircleFilled />,
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

function Toaster() {
  const toast = useSyncExternalStore(subscribe, () => current);
  if (!toast) return null;
  return (
    <div
      key={toast.id}
      className={`toast toast-${toast.kind}`}
      role={toast.kind === 'error' ? 'alert' : 'status'}
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
        <CloseOutlined />
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
