// The handover panels in one chunk: one lazy import for all four keeps the build's shared chunks as they were.
export { default as CarUsageTab } from './car-usage-tab';
export { default as DocumentsPanel } from './documents-panel';
export { default as HandoverTab } from './handover-tab';
export { default as SettlementTab } from './settlement-tab';
