import Select from 'antd/es/select';
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import type { Paged } from '@fleetdesk/contracts/common';
import type { WorkshopService } from '@fleetdesk/contracts/maintenance';
import { RentContractPaths, type ContractListRow } from '@fleetdesk/contracts/rental-contracts';
import { VehiclePaths, type CarListRow } from '@fleetdesk/contracts/vehicles';
import { formatPlate } from '../../../lib/format';
import { request } from '../../../lib/request';
import { workshopOptionsQuery } from '../api/maintenance';

export interface PickedCar {
  id: number;
  plate: string;
  rentId: number;
  mileageKm: number | null;
}

/** A car chosen by typing part of its plate (the caller's cars); `onPick` also gets the car itself. */
export function CarPicker({
  value,
  onChange,
  onPick,
  initialPlate,
  id,
}: {
  value?: number;
  onChange?: (id: number) => void;
  onPick?: (car: PickedCar) => void;
  initialPlate?: string;
  id?: string;
}) {
  const [keyword, setKeyword] = useState('');
  const cars = useQuery({
    queryKey: ['maintenance', 'carPicker', keyword],
    queryFn: () =>
      request<Paged<CarListRow>>(VehiclePaths.list, {
        method: 'POST',
        json: { pageNum: 1, pageSize: 20, ...(keyword ? { keyword } : {}) },
      }),
  });
  const rows = cars.data?.rows ?? [];
  const options = rows.map((c) => ({ value: c.id, label: formatPlate(c.plate) }));
  if (value && initialPlate && !options.some((o) => o.value === value))
    options.unshift({ value, label: formatPlate(initialPlate) });
  return (
    <Select
      id={id}
      showSearch
      value={value}
      onChange={(v: number) => {
        onChange?.(v);
        const car = rows.find((c) => c.id === v);
        if (car) onPick?.({ id: car.id, plate: car.plate, rentId: car.rentId, mileageKm: car.mileageKm ?? null });
      }}
      filterOption={false}
      onSearch={setKeyword}
      loading={cars.isFetching}
      options={options}
    />
  );
}

/** The driver of a car's live (signed) contract, the one a work order reported now would name. */
export function useLiveContract(carId: number | undefined) {
  return useQuery({
    queryKey: ['maintenance', 'liveContract', carId],
    enabled: !!carId,
    queryFn: async () => {
      const page = await request<Paged<ContractListRow>>(RentContractPaths.list, {
        method: 'POST',
        json: { carId, state: ['signed'], pageNum: 1, pageSize: 1 },
        silent: true,
      });
      return page.rows[0] ?? null;
    },
  });
}

/** The enabled workshops (those doing `service`, when given). */
export function WorkshopSelect({
  value,
  onChange,
  service,
  rentId,
  id,
  placeholder,
  allowClear,
}: {
  value?: number | null;
  onChange?: (id: number | null) => void;
  service?: WorkshopService;
  rentId?: number;
  id?: string;
  placeholder?: string;
  allowClear?: boolean;
}) {
  const options = useQuery(workshopOptionsQuery({ ...(service ? { service } : {}), ...(rentId ? { rentId } : {}) }));
  return (
    <Select
      id={id}
      value={value ?? undefined}
      allowClear={allowClear}
      placeholder={placeholder}
      onChange={(v?: number) => onChange?.(v ?? null)}
      loading={options.isLoading}
      options={(options.data ?? []).map((w) => ({ value: w.id, label: w.name }))}
    />
  );
}
