import Select from 'antd/es/select';
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { Paged } from '@fleetdesk/contracts/common';
import { DriverPaths, type DriverListRow } from '@fleetdesk/contracts/drivers';
import { VehiclePaths, type CarListRow } from '@fleetdesk/contracts/vehicles';
import { formatPlate } from '../../../lib/format';
import { request } from '../../../lib/request';

/** A car chosen by typing part of its plate (the caller's cars). */
export function CarPicker({ value, onChange }: { value?: number; onChange?: (id: number) => void }) {
  const [keyword, setKeyword] = useState('');
  const cars = useQuery({
    queryKey: ['compliance', 'carPicker', keyword],
    queryFn: () =>
      request<Paged<CarListRow>>(VehiclePaths.list, {
        method: 'POST',
        json: { pageNum: 1, pageSize: 20, ...(keyword ? { keyword } : {}) },
      }),
  });
  return (
    <Select
      showSearch
      value={value}
      onChange={onChange}
      filterOption={false}
      onSearch={setKeyword}
      loading={cars.isFetching}
      options={(cars.data?.rows ?? []).map((c) => ({ value: c.id, label: formatPlate(c.plate) }))}
    />
  );
}

/** A driver of the tenant, by name or phone (optional). */
export function DriverPicker({
  value,
  onChange,
  initialName,
}: {
  value?: number | null;
  onChange?: (id: number | null) => void;
  initialName?: string | null;
}) {
  const { t } = useTranslation('compliance');
  const [keyword, setKeyword] = useState('');
  const drivers = useQuery({
    queryKey: ['compliance', 'driverPicker', keyword],
    queryFn: () =>
      request<Paged<DriverListRow>>(DriverPaths.list, {
        method: 'POST',
        json: { pageNum: 1, pageSize: 20, ...(keyword ? { keyword } : {}) },
      }),
  });
  const options = (drivers.data?.rows ?? []).map((d) => ({ value: d.id, label: `${d.name} ${d.phone}` }));
  if (value && initialName && !options.some((o) => o.value === value)) options.unshift({ value, label: initialName });
  return (
    <Select
      showSearch
      allowClear
      placeholder={t('accidents.driver')}
      value={value ?? undefined}
      onChange={(v) => onChange?.(v ?? null)}
      filterOption={false}
      onSearch={setKeyword}
      loading={drivers.isFetching}
      options={options}
    />
  );
}
