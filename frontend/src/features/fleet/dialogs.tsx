import type { ReactNode } from 'react';
import { createRoot } from 'react-dom/client';
import { AntdTheme } from '../../shared/ui/AntdTheme';

/**
 * Shows a dialog from plain code (a click handler in the job list) in its own root, so the
 * caller renders nothing for it; the root goes when the dialog closes.
 */
export function openDialog(render: (close: () => void) => ReactNode): void {
  const host = document.createElement('div');
  document.body.append(host);
  const root = createRoot(host);
  const close = () => {
    root.unmount();
    host.remove();
  };
  root.render(<AntdTheme>{render(close)}</AntdTheme>);
}
