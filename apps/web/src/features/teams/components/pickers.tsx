import Select from 'antd/es/select';
import Tag from 'antd/es/tag';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { useState, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { formatPlate } from '../../../lib/format';
import { useDebounced } from '../../../lib/use-debounced';
import { findCarsQuery } from '../api/find-cars';
import { findDriversQuery } from '../api/find-drivers';

const DEBOUNCE_MS = 300;

/** "20 of 153 shown: type to narrow" under a picker's options when the server has more. */
function MoreHint({ shown, total }: { shown: number; total: number }) {
  const { t } = useTranslation('teams');
  if (total <= shown) return null;
  return <div className="fd-team-picker-more">{t('picker.more', { shown, total })}</div>;
}

/** A chosen record the search no longer finds keeps its label. */
export interface Chosen {
  value: number;
  label: ReactNode;
}

function withChosen<T extends { value: number }>(options: T[], chosen: Chosen[] = []): (T | Chosen)[] {
  const missing = chosen.filter((c) => !options.some((o) => o.value === c.value));
  return [...missing, ...options];
}

interface PickerProps<V> {
  /** The form item's id (its label points at it). */
  id?: string;
  value?: V;
  onChange?: (value: V) => void;
  /** Only the drivers or cars of this company. */
  rentId: number | undefined;
  chosen?: Chosen[];
  placeholder?: string;
}

/**
 * Drivers of one company searched on the server as the user types (name, phone or ID number): one (a leader) or
 * several (drivers joining a fleet). Prospects are marked.
 */
export function DriverPicker<V extends number | number[] | null | undefined>({
  id,
  value,
  onChange,
  rentId,
  chosen,
  placeholder,
  multiple,
}: PickerProps<V> & { multiple?: boolean }) {
  const { t } = useTranslation('teams');
  const [typed, setTyped] = useState('');
  const keyword = useDebounced(typed, DEBOUNCE_MS);
  const found = useQuery({ ...findDriversQuery({ rentId, keyword }), placeholderData: keepPreviousData });
  const rows = found.data?.rows ?? [];
  const options = rows.map((d) => ({
    value: d.id,
    label: (
      <span className="fd-team-picker-option">
        {d.name} {d.phone}
        {d.state === 'prospect' && (
          <Tag color="blue" className="fd-team-picker-tag">
            {t('picker.prospect')}
          </Tag>
        )}
      </span>
    ),
  }));
  return (
    <Select
      id={id}
      mode={multiple ? 'multiple' : undefined}
      showSearch={{ filterOption: false, onSearch: setTyped }}
      allowClear
      disabled={!rentId}
      placeholder={placeholder}
      value={value ?? undefined}
      onChange={(v) => onChange?.((v ?? (multiple ? [] : null)) as V)}
      loading={found.isFetching}
      notFoundContent={found.isFetching ? t('picker.searching') : t('picker.noDriver')}
      popupRender={(menu) => (
        <>
          {menu}
          <MoreHint shown={rows.length} total={found.data?.total ?? 0} />
        </>
      )}
      options={withChosen(options, chosen)}
    />
  );
}

/** Cars of one company that may join a fleet, searched on the server by plate as the user types. */
export function CarsPicker({ id, value, onChange, rentId, chosen, placeholder }: PickerProps<number[]>) {
  const { t } = useTranslation('teams');
  const [typed, setTyped] = useState('');
  const keyword = useDebounced(typed, DEBOUNCE_MS);
  const found = useQuery({ ...findCarsQuery({ rentId, keyword }), placeholderData: keepPreviousData });
  const rows = found.data?.rows ?? [];
  const options = rows.map((c) => ({
    value: c.id,
    label: (
      <span className="fd-team-picker-option">
        <span className="fd-plate">{formatPlate(c.plate)}</span>
        {c.modelName ? <span className="fd-muted"> {c.modelName}</span> : null}
      </span>
    ),
  }));
  return (
    <Select
      id={id}
      mode="multiple"
      showSearch={{ filterOption: false, onSearch: setTyped }}
      allowClear
      disabled={!rentId}
      placeholder={placeholder}
      value={value}
      onChange={(v) => onChange?.(v ?? [])}
      loading={found.isFetching}
      notFoundContent={found.isFetching ? t('picker.searching') : t('picker.noCar')}
      popupRender={(menu) => (
        <>
          {menu}
          <MoreHint shown={rows.length} total={found.data?.total ?? 0} />
        </>
      )}
      options={withChosen(options, chosen)}
    />
  );
}
