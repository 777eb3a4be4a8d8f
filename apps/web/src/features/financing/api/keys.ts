/** Every query of the financing area starts with this key; a financing write invalidates it. */
export const financingKey = ['financing'] as const;
