import { useMutation } from '@tanstack/react-query';
import { SmsNoticePaths, type RecipientList } from '@fleetdesk/contracts/sms-notices';
import { request } from '../../../lib/request';

/** The recipients of an .xlsx or .csv file (read by the server; multipart field `file`). */
export function parseRecipients(file: File): Promise<RecipientList> {
  const body = new FormData();
  body.append('file', file, file.name);
  return request<RecipientList>(SmsNoticePaths.parse, { method: 'POST', body });
}

export function useParseRecipients() {
  return useMutation({ mutationFn: parseRecipients });
}
