import InputNumber from 'antd/es/input-number';

/** A ratio kept as a fraction (0.3) and typed as a percentage (30). */
export function PercentInput({
  value,
  onChange,
  min = 0,
  max = 100,
  id,
  ...rest
}: {
  value?: number | null;
  onChange?: (v: number | null) => void;
  min?: number;
  max?: number;
  id?: string;
  'aria-label'?: string;
}) {
  return (
    <InputNumber<number>
      id={id}
      {...rest}
      min={min}
      max={max}
      precision={2}
      suffix="%"
      value={value == null ? null : Math.round(value * 10_000) / 100}
      onChange={(v) => onChange?.(v == null ? null : Math.round(v * 100) / 10_000)}
    />
  );
}
