// The count is shared by the bell (app/layout) and the message centre (features/messages): it lives in lib.
export { getMessageCount, messageCountQuery, useMessageCount } from '../../../lib/message-count';
