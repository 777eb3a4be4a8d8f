import Tag from 'antd/es/tag';
import Tooltip from 'antd/es/tooltip';
import Typography from 'antd/es/typography';
import { useTranslation } from 'react-i18next';
import {
  ESIGN_FLOW_STATE_TITLES,
  ESIGN_SIGNER_STATE_TITLES,
  NOTARIZATION_STATE_TITLES,
  type EsignFlowState,
  type EsignSignerState,
  type NotarizationState,
} from '@fleetdesk/contracts/notarization';
import { useTitle } from '../../../lib/use-title';

const FLOW_COLOURS: Record<EsignFlowState, string> = {
  signing: 'processing',
  completed: 'green',
  refused: 'red',
  cancelled: 'default',
  expired: 'orange',
};

/** An e-signature flow's state as a coloured tag. */
export function FlowStateTag({ state }: { state: EsignFlowState }) {
  const title = useTitle();
  return (
    <Tag color={FLOW_COLOURS[state]} data-state={state}>
      {title(ESIGN_FLOW_STATE_TITLES[state])}
    </Tag>
  );
}

const SIGNER_COLOURS: Record<EsignSignerState, string> = {
  waiting: 'default',
  signing: 'processing',
  signed: 'green',
  refused: 'red',
};

/** A signer's state as a coloured tag. */
export function SignerStateTag({ state }: { state: EsignSignerState }) {
  const title = useTitle();
  return (
    <Tag color={SIGNER_COLOURS[state]} data-state={state}>
      {title(ESIGN_SIGNER_STATE_TITLES[state])}
    </Tag>
  );
}

const NOTARIZATION_COLOURS: Record<NotarizationState, string> = {
  draft: 'default',
  submitted: 'blue',
  reviewing: 'processing',
  supplement: 'orange',
  notarized: 'green',
  rejected: 'red',
  withdrawn: 'default',
};

/** An application's state as a coloured tag. */
export function NotarizationStateTag({ state }: { state: NotarizationState }) {
  const title = useTitle();
  return (
    <Tag color={NOTARIZATION_COLOURS[state]} data-state={state}>
      {title(NOTARIZATION_STATE_TITLES[state])}
    </Tag>
  );
}

/** The first characters of a hash, enough to compare by eye. */
export const shortHash = (hash: string) => (hash.length > 12 ? `${hash.slice(0, 12)}…` : hash);

/**
 * A SHA-256 in monospace: shortened with the whole value in a tooltip (`full` shows it whole, for the signed file);
 * `copyable` adds the copy button (the whole value is copied).
 */
export function Hash({ value, full, copyable }: { value: string; full?: boolean; copyable?: boolean }) {
  const { t } = useTranslation('notarization');
  const text = (
    <Typography.Text
      className="fd-nz-hash"
      copyable={copyable ? { text: value, tooltips: [t('hash.copy'), t('hash.copied')] } : false}
      data-hash={value}
    >
      {full ? value : shortHash(value)}
    </Typography.Text>
  );
  return full ? text : <Tooltip title={<span className="fd-nz-hash-tip">{value}</span>}>{text}</Tooltip>;
}
