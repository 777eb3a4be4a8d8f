import { act, within } from '@testing-library/react';
import type { UserEvent } from '@testing-library/user-event';

/**
 * Types a value into a list page's filter form and searches. The form is set again from the URL after each search
 * (its fields are re-mounted by an effect): the effects of the last search are let run first, so the field typed
 * into is the one on screen, not the one it replaces.
 */
export async function searchFor(user: UserEvent, scope: HTMLElement, label: string, value: string) {
  await act(async () => {});
  const field = within(scope).getByLabelText(label);
  await user.clear(field);
  await user.type(field, value);
  await user.click(within(scope).getByRole('button', { name: /Search/ }));
}
