/** Every query of the approvals area starts with this key. */
export const approvalsKey = ['approvals'] as const;
export const typesKey = [...approvalsKey, 'types'] as const;
export const flowsKey = [...approvalsKey, 'flows'] as const;
export const headsKey = [...approvalsKey, 'heads'] as const;
export const requestsKey = [...approvalsKey, 'requests'] as const;
export const waitingKey = [...approvalsKey, 'waiting'] as const;
export const settingKey = [...approvalsKey, 'setting'] as const;
