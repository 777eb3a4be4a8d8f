import Select from 'antd/es/select';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { formatPlate } from '../../../lib/format';
import { useDebounced } from '../../../lib/use-debounced';
import { contractOptionQuery, contractOptionsQuery } from '../api/notarization';

interface Option {
  value: number;
  label: string;
}

const labelOf = (c: { number: string; driverName: string; plate: string }) =>
  `${c.number} · ${c.driverName} · ${formatPlate(c.plate)}`;

/**
 * A signed contract, found as the user types (number, driver or plate: the contracts list's keyword); a contract
 * chosen before (the address's `?contractId=`, an application's own) is shown by its number.
 */
export function ContractPicker({
  id,
  value,
  onChange,
  disabled,
  initialLabel,
}: {
  id?: string;
  value?: number;
  onChange?: (id: number) => void;
  disabled?: boolean;
  /** The chosen contract's label when it is known already (an application's contract number). */
  initialLabel?: string;
}) {
  const { t } = useTranslation('notarization');
  const [keyword, setKeyword] = useState('');
  const search = useDebounced(keyword, 300);
  const list = useQuery({ ...contractOptionsQuery(search), enabled: !disabled, placeholderData: keepPreviousData });
  const options: Option[] = (list.data?.rows ?? []).map((c) => ({ value: c.id, label: labelOf(c) }));
  const known = !!value && options.some((o) => o.value === value);
  const chosen = useQuery({ ...contractOptionQuery(value ?? 0), enabled: !!value && !known && !initialLabel });
  if (value && !known) {
    const label = initialLabel ?? (chosen.data ? labelOf(chosen.data) : String(value));
    options.unshift({ value, label });
  }
  return (
    <Select<number>
      id={id}
      showSearch={{ filterOption: false, onSearch: setKeyword }}
      value={value}
      disabled={disabled}
      placeholder={t('form.contractHint')}
      onChange={(v) => onChange?.(v)}
      loading={list.isFetching}
      notFoundContent={list.isFetching ? null : t('form.noContracts')}
      options={options}
    />
  );
}
