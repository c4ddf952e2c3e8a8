import { App, ConfigProvider } from 'antd';
import enGB from 'antd/locale/en_GB';
import type { ReactNode } from 'react';

const theme = {
  token: {
    colorPrimary: '#c2410c',
    colorError: '#b91c1c',
    borderRadius: 8,
    // Large controls are the touch targets on phones; 48 px clears the 44-48 px guidance.
    controlHeightLG: 48,
    fontSize: 16,
  },
};

/** Spec: one toast at a time, shown for 5 s by default. */
const notification = { maxCount: 1, duration: 5, placement: 'top' as const };

export function AppProviders({ children }: { children: ReactNode }) {
  return (
    <ConfigProvider theme={theme} locale={enGB}>
      <App notification={notification}>{children}</App>
    </ConfigProvider>
  );
}
