import { useQuery } from '@tanstack/react-query';
import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { CAR_STATUSES, ENERGIES } from '@fleetdesk/contracts/vehicles';
import type { FilterField } from '../../../components/list-page/list-params';
import { useSession } from '../../../lib/session';
import { brandsQuery } from '../api/get-brands';
import { allCarTypesQuery } from '../api/get-car-types';
import { ownersQuery } from '../api/get-owners';

/** The filters of the cars list; the URL keys are those of the list call (see model/car-filter.ts). */
export function useCarFilterFields(): FilterField[] {
  const { t, i18n } = useTranslation('vehicles');
  const rents = useSession((s) => s.user?.rents ?? []);
  const types = useQuery(allCarTypesQuery());
  const brands = useQuery(brandsQuery());
  const owners = useQuery(ownersQuery({ pageNum: 1, pageSize: 500 }));
  const en = i18n.language === 'en-US';
  return useMemo<FilterField[]>(() => {
    const fields: FilterField[] = [
      { type: 'text', name: 'plate', label: t('filters.plate'), placeholder: t('filters.platePlaceholder') },
      { type: 'text', name: 'vin', label: t('filters.vin'), placeholder: t('filters.vinPlaceholder') },
      {
        type: 'select',
        name: 'status',
        label: t('filters.status'),
        multiple: true,
        options: CAR_STATUSES.map((s) => ({ value: s, label: t(`status.${s}`) })),
      },
      {
        type: 'select',
        name: 'carTypeId',
        label: t('filters.carType'),
        multiple: true,
        options: (types.data ?? []).map((c) => ({ value: String(c.id), label: c.carTypeName })),
      },
      {
        type: 'select',
        name: 'brandId',
        label: t('filters.brand'),
        options: (brands.data ?? []).map((b) => ({ value: String(b.id), label: en ? b.nameEn : b.name })),
      },
    ];
    if (rents.length > 1) {
      fields.push({
        type: 'select',
        name: 'rentId',
        label: t('filters.rent'),
        options: rents.map((r) => ({ value: String(r.id), label: r.shortName || r.name })),
      });
    }
    fields.push(
      {
        type: 'select',
        name: 'ownerId',
        label: t('filters.owner'),
        advanced: true,
        options: (owners.data?.rows ?? []).map((o) => ({ value: String(o.id), label: o.name })),
      },
      {
        type: 'select',
        name: 'energy',
        label: t('filters.energy'),
        multiple: true,
        advanced: true,
        options: ENERGIES.map((e) => ({ value: e, label: t(`energy.${e}`) })),
      },
      {
        type: 'date-range',
        name: 'registration',
        label: t('filters.registration'),
        keys: ['registrationFrom', 'registrationTo'],
        advanced: true,
      },
      {
        type: 'date-range',
        name: 'inspectionDue',
        label: t('filters.inspectionDue'),
        keys: ['inspectionDueFrom', 'inspectionDueTo'],
        advanced: true,
      },
      {
        type: 'date-range',
        name: 'insuranceExpiry',
        label: t('filters.insuranceExpiry'),
        keys: ['insuranceExpiryFrom', 'insuranceExpiryTo'],
        advanced: true,
      },
      {
        type: 'date-range',
        name: 'created',
        label: t('filters.created'),
        keys: ['createdFrom', 'createdTo'],
        advanced: true,
      },
    );
    return fields;
  }, [t, en, rents, types.data, brands.data, owners.data]);
}
