import type { ComponentType } from 'react';
import type { Contract } from '@fleetdesk/contracts/rental-contracts';

/**
 * Tabs that other areas add to the contract page (`/rentContract/detail/{id}?tab=<key>`) without the contracts
 * feature importing them (features never import each other), like `car-tabs`. A tab whose key is one of the
 * page's own (`documents`) shows its panel under that tab's own content. Panels should be lazy.
 */
export interface ContractTabProps {
  contract: Contract;
}

export interface ContractPageTab {
  key: string;
  /** Position among the added tabs (before the history tab). */
  order: number;
  /** A translation key with its namespace (`handover:tabs.settlement`). */
  labelKey: string;
  /** A menu element the user needs to see the tab (`rentContract:view` when absent). */
  permission?: string;
  Panel: ComponentType<ContractTabProps>;
}

const tabs = new Map<string, ContractPageTab>();

export function registerContractTab(tab: ContractPageTab): void {
  tabs.set(tab.key, tab);
}

export function contractTabs(): ContractPageTab[] {
  return [...tabs.values()].sort((a, b) => a.order - b.order);
}
