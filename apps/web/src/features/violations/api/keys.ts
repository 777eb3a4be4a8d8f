/** Every query of the violations area starts with this key; a write invalidates it (list, car tab, badge). */
export const violationsKey = ['violations'] as const;
