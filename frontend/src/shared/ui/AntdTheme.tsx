import { ConfigProvider, type ThemeConfig } from 'antd';
import enGB from 'antd/locale/en_GB';
import type { ReactNode } from 'react';

const theme: ThemeConfig = {
  token: {
    colorPrimary: '#c2410c',
    colorError: '#b91c1c',
    // WCAG AA (4.5:1) on white and on the tinted alerts and cards: antd's own link blue, hint and
    // placeholder greys fall short of it.
    colorLink: '#1d4ed8',
    colorLinkHover: '#1e40af',
    colorLinkActive: '#1e3a8a',
    colorTextDescription: 'rgba(0, 0, 0, 0.62)',
    colorTextTertiary: 'rgba(0, 0, 0, 0.62)',
    colorTextPlaceholder: 'rgba(0, 0, 0, 0.58)',
    borderRadius: 8,
    // Large controls are the touch targets on phones; 48 px clears the 44-48 px guidance.
    controlHeightLG: 48,
    fontSize: 16,
    // The app's one font stack (app/styles.css), so antd screens match the plain ones.
    fontFamily: 'var(--font-system)',
  },
};

/** Wraps the screens built from antd components; /sos is plain HTML and never loads antd. */
export function AntdTheme({ children }: { children: ReactNode }) {
  return (
    <ConfigProvider theme={theme} locale={enGB}>
      {children}
    </ConfigProvider>
  );
}
