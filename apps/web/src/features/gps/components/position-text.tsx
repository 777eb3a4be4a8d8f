import Tag from 'antd/es/tag';
import { useTranslation } from 'react-i18next';
import { useAddress } from '../api/geocode';
import '../i18n';

/**
 * A position as a clerk reads it: its address (coordinates on hover), or the coordinates while the address is not
 * known (loading, the provider failed, nothing there). The sandbox's addresses are marked.
 */
export function PositionText({ lat, lon }: { lat: number; lon: number }) {
  const { t } = useTranslation('gps');
  const { address, sandbox } = useAddress({ lat, lon });
  const coords = `${lat.toFixed(5)}, ${lon.toFixed(5)}`;
  if (!address) return <span className="fd-position">{coords}</span>;
  return (
    <span className="fd-position" title={coords} data-testid="position-address">
      {address}
      {sandbox && (
        <Tag className="fd-position-sandbox" title={t('address.sandboxHint')}>
          {t('address.sandbox')}
        </Tag>
      )}
    </span>
  );
}
