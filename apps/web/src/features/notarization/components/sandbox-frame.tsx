import ExperimentOutlined from '@ant-design/icons/ExperimentOutlined';
import Alert from 'antd/es/alert';
import type { ReactNode } from 'react';
import { LanguageLinks } from '../../../components/language-links';

/**
 * The frame of the sandbox providers' own pages (the signing page, the notary office): a phone's column (at most
 * 480 px, centred), the title bar with the language switch, and on every screen the note that nothing is real.
 */
export function SandboxFrame({
  title,
  notice,
  tone = 'esign',
  children,
}: {
  title: ReactNode;
  notice: ReactNode;
  tone?: 'esign' | 'notary';
  children: ReactNode;
}) {
  return (
    <div className={`fd-nz-pub fd-nz-pub-${tone}`}>
      <div className="fd-nz-pub-column">
        <header className="fd-nz-pub-bar">
          <span className="fd-nz-pub-title">
            <ExperimentOutlined /> {title}
          </span>
          <LanguageLinks />
        </header>
        <main className="fd-nz-pub-main">
          <Alert type="warning" showIcon title={notice} data-testid="sandbox-notice" />
          {children}
        </main>
      </div>
    </div>
  );
}
