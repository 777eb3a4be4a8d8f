import { useCallback, useMemo, useReducer } from 'react';
import type { Recipient, SmsSendRequest, SmsTemplate } from '@fleetdesk/contracts/sms-notices';

/** Where a recipient came from: a source of the server (staff...), numbers pasted, or a file. */
export type Origin =
  { kind: 'source'; source: string; label: string } | { kind: 'paste' } | { kind: 'upload'; file: string };

export interface DraftRecipient extends Recipient {
  key: number;
  origin: Origin;
}

export interface Draft {
  templateId: number | null;
  /** The template's name while the text is still the template's; the name it had once the text changed. */
  templateName: string | null;
  edited: boolean;
  content: string;
  recipients: DraftRecipient[];
  /** Changes with every change of the list (the preview's key). */
  version: number;
}

type Action =
  | { type: 'template'; template: Pick<SmsTemplate, 'id' | 'name' | 'content'> | null }
  | { type: 'content'; content: string }
  | { type: 'forgetTemplate' }
  | { type: 'add'; recipients: Recipient[]; origin: Origin }
  | { type: 'remove'; keys: ReadonlySet<number> }
  | { type: 'clear' }
  | { type: 'reset' };

const EMPTY: Draft = {
  templateId: null,
  templateName: null,
  edited: false,
  content: '',
  recipients: [],
  version: 0,
};

let nextKey = 1;

function reduce(draft: Draft, action: Action): Draft {
  switch (action.type) {
    case 'template':
      return action.template
        ? {
            ...draft,
            templateId: action.template.id,
            templateName: action.template.name,
            edited: false,
            content: action.template.content,
          }
        : { ...draft, templateId: null, templateName: null, edited: false };
    case 'content':
      // A template's text changed by hand is no longer the template (a real gateway sends the template it
      // registered, not the text): the notice goes out as free text.
      // An emptied text starts afresh.
      if (!action.content.trim())
        return { ...draft, content: action.content, templateId: null, templateName: null, edited: false };
      return {
        ...draft,
        content: action.content,
        templateId: null,
        edited: draft.templateId !== null || draft.edited,
      };
    case 'forgetTemplate':
      return { ...draft, templateName: null, edited: false };
    case 'add': {
      const added = action.recipients.map((r) => ({ ...r, key: nextKey++, origin: action.origin }));
      return { ...draft, recipients: [...draft.recipients, ...added], version: draft.version + 1 };
    }
    case 'remove':
      return {
        ...draft,
        recipients: draft.recipients.filter((r) => !action.keys.has(r.key)),
        version: draft.version + 1,
      };
    case 'clear':
      return { ...draft, recipients: [], version: draft.version + 1 };
    case 'reset':
      return { ...EMPTY, version: draft.version + 1 };
  }
}

/** The key a send is recorded under: the one source of every recipient, else `manual`. */
export function sendSource(recipients: readonly DraftRecipient[]): string {
  const keys = new Set(
    recipients.map((r) =>
      r.origin.kind === 'source' ? r.origin.source : r.origin.kind === 'paste' ? 'manual' : 'upload',
    ),
  );
  return keys.size === 1 ? [...keys][0]! : 'manual';
}

/** What the preview and the send calls take. */
export function toRequest(draft: Draft): SmsSendRequest {
  return {
    templateId: draft.templateId,
    content: draft.content,
    recipients: draft.recipients.map(({ phone, name, variables }) => ({
      phone,
      ...(name ? { name } : {}),
      ...(variables ? { variables } : {}),
    })),
    source: sendSource(draft.recipients),
  };
}

/** The notice being written: kept by the page, so that it survives a look at another tab. */
export function useDraft() {
  const [draft, dispatch] = useReducer(reduce, EMPTY);
  const pickTemplate = useCallback(
    (template: Pick<SmsTemplate, 'id' | 'name' | 'content'> | null) => dispatch({ type: 'template', template }),
    [],
  );
  const setContent = useCallback((content: string) => dispatch({ type: 'content', content }), []);
  const forgetTemplate = useCallback(() => dispatch({ type: 'forgetTemplate' }), []);
  const add = useCallback(
    (recipients: Recipient[], origin: Origin) => dispatch({ type: 'add', recipients, origin }),
    [],
  );
  const remove = useCallback((keys: Iterable<number>) => dispatch({ type: 'remove', keys: new Set(keys) }), []);
  const clear = useCallback(() => dispatch({ type: 'clear' }), []);
  const reset = useCallback(() => dispatch({ type: 'reset' }), []);
  return useMemo(
    () => ({ draft, pickTemplate, setContent, forgetTemplate, add, remove, clear, reset }),
    [draft, pickTemplate, setContent, forgetTemplate, add, remove, clear, reset],
  );
}

export type DraftApi = ReturnType<typeof useDraft>;
