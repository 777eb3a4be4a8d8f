/** The message centre's query keys: its lists and the user's SMS choice. */
export const messagesKey = ['messages'] as const;
export const smsCategoriesKey = ['messages', 'sms-categories'] as const;
