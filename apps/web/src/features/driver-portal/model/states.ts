/** The colour of a submission's state tag (a proof, a document update). */
export const SUBMISSION_COLORS = { pending: 'processing', approved: 'success', rejected: 'error' } as const;
