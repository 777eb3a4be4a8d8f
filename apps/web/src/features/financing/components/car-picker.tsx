import SearchOutlined from '@ant-design/icons/SearchOutlined';
import Alert from 'antd/es/alert';
import Button from 'antd/es/button';
import Input from 'antd/es/input';
import Select from 'antd/es/select';
import Space from 'antd/es/space';
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { UnfinancedCar } from '@fleetdesk/contracts/financing';
import { formatMoney, formatPlate } from '../../../lib/format';
import { RequestError } from '../../../lib/request';
import { searchCar, unfinancedCarsQuery } from '../api/applications';

const carLabel = (c: UnfinancedCar) =>
  [c.plate ? formatPlate(c.plate) : null, c.vin, c.carTypeName].filter(Boolean).join(' · ');

/**
 * The car to finance: one of the cars not yet financed (`rentCar/unFinancingCar`, searched as the user types), or
 * found by its plate or VIN (`rentFinancingContract/search/car/info/{x}`; a financed car is named, not chosen).
 */
export function CarPicker({ chosen, onPick }: { chosen: UnfinancedCar | null; onPick: (car: UnfinancedCar) => void }) {
  const { t } = useTranslation('financing');
  const [keyword, setKeyword] = useState('');
  const [x, setX] = useState('');
  const [note, setNote] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const cars = useQuery(unfinancedCarsQuery({ keyword }));
  const rows = cars.data?.rows ?? [];
  const options = [...(chosen && !rows.some((r) => r.id === chosen.id) ? [chosen] : []), ...rows];

  const find = async () => {
    if (x.trim().length < 2) return;
    setBusy(true);
    setNote(null);
    try {
      const car = await searchCar(x);
      if (car.financed) setNote(t('wizard.carFinanced', { plate: formatPlate(car.plate) || car.vin }));
      else onPick(car);
    } catch (e) {
      if (e instanceof RequestError && e.httpStatus === 404) setNote(t('wizard.carNotFound', { x: x.trim() }));
    } finally {
      setBusy(false);
    }
  };

  return (
    <div className="fd-fin-car-picker">
      <Select
        showSearch={{ filterOption: false, onSearch: setKeyword }}
        className="fd-fin-car-select"
        aria-label={t('wizard.car')}
        placeholder={t('wizard.carPlaceholder')}
        loading={cars.isFetching}
        value={chosen?.id}
        onChange={(id: number) => {
          const car = options.find((c) => c.id === id);
          if (car) onPick(car);
        }}
        options={options.map((c) => ({ value: c.id, label: carLabel(c) }))}
        notFoundContent={t('wizard.noCars')}
      />
      <Space.Compact className="fd-fin-car-search">
        <Input
          value={x}
          onChange={(e) => setX(e.target.value)}
          onPressEnter={() => void find()}
          placeholder={t('wizard.searchPlaceholder')}
          aria-label={t('wizard.searchPlaceholder')}
          maxLength={30}
        />
        <Button icon={<SearchOutlined />} loading={busy} onClick={() => void find()}>
          {t('wizard.search')}
        </Button>
      </Space.Compact>
      {note && <Alert type="warning" showIcon title={note} />}
      {chosen && (
        <Alert
          type="info"
          showIcon
          data-testid="fin-chosen-car"
          title={carLabel(chosen)}
          description={
            chosen.purchasePrice != null
              ? t('wizard.purchasePrice', { amount: formatMoney(chosen.purchasePrice) })
              : undefined
          }
        />
      )}
    </div>
  );
}
