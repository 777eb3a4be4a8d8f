/** The feedback area's query keys: the sender's own list and the operator's desk. */
export const feedbackKey = ['feedback'] as const;
export const myFeedbackKey = ['feedback', 'mine'] as const;
export const feedbackDeskKey = ['feedback', 'desk'] as const;
