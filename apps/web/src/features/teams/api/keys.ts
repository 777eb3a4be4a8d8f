/** Every query of the fleet-operations area starts with this key; a write of the area invalidates it. */
export const teamsKey = ['teams'] as const;
export const treeKey = [...teamsKey, 'tree'] as const;
export const teamKey = (id: number) => [...teamsKey, 'detail', id] as const;
export const optionsKey = [...teamsKey, 'options'] as const;
export const membersKey = [...teamsKey, 'members'] as const;
export const movesKey = [...teamsKey, 'moves'] as const;
export const teamCarsKey = [...teamsKey, 'cars'] as const;
/** Fleet performance: the ranking, the nodes' months, the platform days, the weights. */
export const perfKey = [...teamsKey, 'perf'] as const;
/** Commission: the nodes' rules, the monthly statements and their lines. */
export const commissionKey = [...teamsKey, 'commission'] as const;
export const ruleKey = (teamId: number) => [...commissionKey, 'rule', teamId] as const;
export const statementKey = (id: number) => [...commissionKey, 'statement', id] as const;
/** The platform accounts and the adapter (under `perfKey`: a sync refreshes them with the figures). */
export const platformsKey = [...perfKey, 'platforms'] as const;
/** The history of the platform syncs. */
export const syncsKey = [...perfKey, 'syncs'] as const;
