import Descriptions from 'antd/es/descriptions';
import { useQuery } from '@tanstack/react-query';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import type { CarDetail } from '@fleetdesk/contracts/vehicles';
import { currentLanguage } from '../../../lib/i18n';
import { formatDate, formatDateTime, formatMoney, formatPlate } from '../../../lib/format';
import { insurersQuery } from '../api/get-insurers';
import { DueDate } from './due-date-text';

/** Everything known about the car, in groups. */
export function CarInfo({ car }: { car: CarDetail }) {
  const { t } = useTranslation('vehicle-detail');
  const insurers = useQuery(insurersQuery());
  const en = currentLanguage() === 'en-US';
  const insurer = (code: string | null) => {
    if (!code) return null;
    const found = insurers.data?.find((i) => i.code === code);
    return found ? (en ? found.nameEn : found.shortName) : code;
  };
  const dash = (v: ReactNode) => (v === null || v === undefined || v === '' ? '—' : v);
  const group = (key: string, items: [string, ReactNode][]) => (
    <Descriptions
      key={key}
      className="fd-car-info-group"
      title={t(`detail.sections.${key}`)}
      size="small"
      bordered
      column={{ xs: 1, sm: 2, lg: 3 }}
      items={items.map(([field, value]) => ({ key: field, label: t(`fields.${field}`), children: dash(value) }))}
    />
  );
  const battery = car.energy === 'electric' || car.energy === 'hybrid';

  return (
    <div className="fd-car-info">
      {group('basic', [
        ['plate', formatPlate(car.plate)],
        [
          'vin',
          <span className="fd-mono">
            {car.vin}
            {!car.vinValid && <em className="fd-danger"> {t('detail.vinInvalid')}</em>}
          </span>,
        ],
        ['engineNo', car.engineNo],
        ['brand', car.brandName],
        ['series', car.seriesName],
        ['model', car.modelName],
        ['colour', car.colour],
        ['carType', car.carTypeName],
        ['energy', t(`vehicles:energy.${car.energy}`)],
        ...(battery
          ? ([
              ['batteryKwh', car.batteryKwh],
              ['rangeKm', car.rangeKm],
            ] as [string, ReactNode][])
          : []),
        ['seats', car.seats],
        ['registrationDate', car.registrationDate],
        ['mileageKm', car.mileageKm.toLocaleString('en-US')],
      ])}
      {group('ownership', [
        ['rent', car.rentName],
        ['owner', car.ownerName],
        ['keyCount', car.keyCount],
        ['keyLocation', car.keyLocation],
        ['keyRemark', car.keyRemark],
        ['gps', car.gpsLastSeenAt ? formatDateTime(car.gpsLastSeenAt) : t('detail.noGps')],
      ])}
      {group('papers', [
        ['inspectionDue', <DueDate date={car.inspectionDue} />],
        ['compulsoryCompany', insurer(car.compulsoryCompany)],
        ['compulsoryPolicyNo', car.compulsoryPolicyNo],
        ['compulsoryExpiry', <DueDate date={car.compulsoryExpiry} />],
        ['commercialCompany', insurer(car.commercialCompany)],
        ['commercialPolicyNo', car.commercialPolicyNo],
        ['commercialExpiry', <DueDate date={car.commercialExpiry} />],
      ])}
      {group('licence', [
        ['licenseFileNo', car.licenseFileNo],
        ['licenseUseCharacter', car.licenseUseCharacter],
        ['licenseIssueDate', car.licenseIssueDate],
        ['licenseBoundAt', car.licenseBoundAt ? formatDateTime(car.licenseBoundAt) : t('detail.noLicence')],
      ])}
      {group('purchase', [
        ['purchasePrice', formatMoney(car.purchasePrice)],
        ['purchaseDate', car.purchaseDate],
        ['createdAt', formatDate(car.createdAt)],
        ['updatedAt', formatDateTime(car.updatedAt)],
        ['remark', car.remark],
      ])}
    </div>
  );
}
