import App from 'antd/es/app';
import ConfigProvider from 'antd/es/config-provider';
import type { ThemeConfig } from 'antd/es/config-provider/context';
import enUS from 'antd/es/locale/en_US';
import zhCN from 'antd/es/locale/zh_CN';
import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { Outlet } from 'react-router';
import { registerFeedbackHolders } from '../../lib/feedback-antd';
import { keepEnterInPickers } from '../../lib/date-enter';
import { applyDayjsLocale } from '../../lib/format';
import type { Language } from '../../lib/i18n';
import { installFailureReporting } from '../../lib/report-failure';
import { useReducedMotion } from '../../lib/use-media-query';

// main.tsx installs it at start; this keeps the screens of the frame showing failures when the route table is
// rendered without main.tsx (the tests). Installing twice is a no-op.
installFailureReporting();

export const THEME: ThemeConfig = {
  token: { colorPrimary: '#1668dc', borderRadius: 6, fontFamily: 'var(--fd-font)' },
};

/**
 * The theme for a user who asked the system for less motion (`prefers-reduced-motion: reduce`): antd's opening,
 * closing and click-wave animations are left out, as the app's own spinners and fades are (base.css).
 */
export const STILL_THEME: ThemeConfig = { ...THEME, token: { ...THEME.token, motion: false } };

/** Request failures show through antd's App instances, so they follow the theme and the language. */
function FeedbackBridge() {
  const api = App.useApp();
  useEffect(() => {
    registerFeedbackHolders(api);
    return () => registerFeedbackHolders(null);
  }, [api]);
  return null;
}

/** antd's locale and dayjs's follow the language switch. */
export function AntdFrame() {
  const { i18n } = useTranslation();
  const lang = i18n.language as Language;
  applyDayjsLocale(lang);
  useEffect(() => keepEnterInPickers(), []);
  const still = useReducedMotion();
  return (
    <ConfigProvider
      locale={lang === 'en-US' ? enUS : zhCN}
      theme={still ? STILL_THEME : THEME}
      wave={{ disabled: still }}
      button={{ autoInsertSpace: false }}
    >
      <App component={false}>
        <FeedbackBridge />
        <Outlet />
      </App>
    </ConfigProvider>
  );
}
