import DownloadOutlined from '@ant-design/icons/DownloadOutlined';
import DownOutlined from '@ant-design/icons/DownOutlined';
import Button from 'antd/es/button';
import Dropdown from 'antd/es/dropdown';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { formatDate } from '../../../lib/format';
import { CAR_EXPORTS, exportCars, type CarExportKind } from '../api/export-cars';
import type { CarFilterBody } from '../api/get-cars';

/**
 * The three exports (cars, inspections, insurance) as .xlsx files: of the selected cars when some are selected,
 * else of the cars the filters select.
 */
export function ExportMenu({ filter, selected = 0 }: { filter: CarFilterBody; selected?: number }) {
  const { t } = useTranslation('vehicles');
  const [busy, setBusy] = useState<CarExportKind | null>(null);
  const run = (kind: CarExportKind) => {
    setBusy(kind);
    const date = formatDate(new Date()).replace(/-/g, '');
    exportCars(kind, filter, t(`export.file.${kind}`, { date }))
      .catch(() => undefined)
      .finally(() => setBusy(null));
  };
  return (
    <Dropdown
      trigger={['click']}
      disabled={!!busy}
      menu={{
        items: CAR_EXPORTS.map((kind) => ({ key: kind, label: t(`export.${kind}`) })),
        onClick: ({ key }) => run(key as CarExportKind),
      }}
    >
      <Button icon={<DownloadOutlined />} loading={!!busy}>
        {selected ? t('common:list.exportSelected', { count: selected }) : t('export.button')} <DownOutlined />
      </Button>
    </Dropdown>
  );
}
