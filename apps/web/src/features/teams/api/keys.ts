/** Every query of the fleet-operations area starts with this key; a write of the area invalidates it. */
export const teamsKey = ['teams'] as const;
export const treeKey = [...teamsKey, 'tree'] as const;
export const teamKey = (id: number) => [...teamsKey, 'detail', id] as const;
export const optionsKey = [...teamsKey, 'options'] as const;
export const membersKey = [...teamsKey, 'members'] as const;
export const movesKey = [...teamsKey, 'moves'] as const;
export const teamCarsKey = [...teamsKey, 'cars'] as const;
