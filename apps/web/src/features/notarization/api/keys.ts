/** Every query of the notarization area starts with this key; a notarization write invalidates it. */
export const notarizationKey = ['notarization'] as const;
/** The e-signature panel of a contract (and its accounts): an e-signature write invalidates it. */
export const esignKey = ['esign'] as const;
