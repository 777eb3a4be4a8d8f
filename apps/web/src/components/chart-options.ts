import type { ChartOption } from './echart';

export interface Slice {
  name: string;
  value: number;
}

const PALETTE = ['#1677ff', '#52c41a', '#faad14', '#13c2c2', '#722ed1', '#eb2f96', '#fa541c', '#2f54eb', '#a0d911'];

/** A donut of shares; null when every count is zero. */
export function pieOption(slices: Slice[], colors: string[] = PALETTE): ChartOption | null {
  const data = slices.filter((s) => s.value > 0);
  if (!data.length) return null;
  return {
    color: colors,
    tooltip: { trigger: 'item', formatter: '{b}: {c} ({d}%)' },
    legend: { type: 'scroll', bottom: 0 },
    series: [
      {
        type: 'pie',
        radius: ['40%', '68%'],
        center: ['50%', '45%'],
        avoidLabelOverlap: true,
        label: { formatter: '{b}\n{c}' },
        data,
      },
    ],
  };
}

/** Bars per category; several series stack when `stack` is set. Horizontal for long names. */
export function barOption(input: {
  categories: string[];
  series: { name: string; data: number[]; stack?: string }[];
  horizontal?: boolean;
}): ChartOption | null {
  if (!input.categories.length || input.series.every((s) => s.data.every((v) => !v))) return null;
  const category = { type: 'category', data: input.categories, axisLabel: { interval: 0, hideOverlap: true } };
  const value = { type: 'value', minInterval: 1 };
  return {
    color: PALETTE,
    tooltip: { trigger: 'axis', axisPointer: { type: 'shadow' } },
    legend: input.series.length > 1 ? { top: 0 } : undefined,
    grid: { left: 8, right: 16, top: input.series.length > 1 ? 32 : 16, bottom: 8, containLabel: true },
    xAxis: input.horizontal ? value : category,
    yAxis: input.horizontal ? { ...category, inverse: true } : value,
    series: input.series.map((s) => ({ type: 'bar', name: s.name, data: s.data, stack: s.stack, barMaxWidth: 28 })),
  };
}

/** A rate (0..1) per day as a percentage line. */
export function rateLineOption(input: {
  days: string[];
  series: { name: string; data: number[] }[];
}): ChartOption | null {
  if (!input.days.length) return null;
  return {
    color: PALETTE,
    tooltip: { trigger: 'axis', valueFormatter: (v: unknown) => `${Number(v).toFixed(1)}%` },
    legend: { top: 0 },
    grid: { left: 8, right: 16, top: 32, bottom: 8, containLabel: true },
    xAxis: { type: 'category', boundaryGap: false, data: input.days.map((d) => d.slice(5)) },
    yAxis: { type: 'value', min: 0, max: 100, axisLabel: { formatter: '{value}%' } },
    series: input.series.map((s) => ({
      type: 'line',
      name: s.name,
      smooth: true,
      showSymbol: false,
      areaStyle: { opacity: 0.12 },
      data: s.data.map((v) => Math.round(v * 1000) / 10),
    })),
  };
}

/** Lines over categories (days, months); `percent` draws 0..1 shares as percentages. Null when there is no point. */
export function lineOption(input: {
  categories: string[];
  series: { name: string; data: (number | null)[] }[];
  percent?: boolean;
}): ChartOption | null {
  if (!input.categories.length || input.series.every((s) => s.data.every((v) => v === null))) return null;
  const scale = (v: number | null) => (v === null ? null : input.percent ? Math.round(v * 1000) / 10 : v);
  return {
    color: PALETTE,
    tooltip: {
      trigger: 'axis',
      valueFormatter: input.percent ? (v: unknown) => `${Number(v).toFixed(1)}%` : undefined,
    },
    legend: { top: 0 },
    grid: { left: 8, right: 16, top: 32, bottom: 8, containLabel: true },
    xAxis: { type: 'category', boundaryGap: false, data: input.categories },
    yAxis: input.percent
      ? { type: 'value', min: 0, max: 100, axisLabel: { formatter: '{value}%' } }
      : { type: 'value', minInterval: 1 },
    series: input.series.map((s) => ({
      type: 'line',
      name: s.name,
      smooth: true,
      showSymbol: input.categories.length <= 12,
      connectNulls: false,
      data: s.data.map(scale),
    })),
  };
}
