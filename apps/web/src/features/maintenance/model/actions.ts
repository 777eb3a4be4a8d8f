import {
  orderActionsOf,
  type WorkOrderAction,
  type WorkOrderDetail,
  type WorkOrderState,
} from '@fleetdesk/contracts/maintenance';
import type { Access } from '../../../lib/access';

/** The element each action needs (docs/maintenance.md, Permissions); `lines` is the workshop's or the clerk's. */
export const ACTION_ELEMENTS: Record<WorkOrderAction, readonly string[]> = {
  update: ['maintenance:edit'],
  submit: ['maintenance:edit'],
  enter: ['maintenance:edit'],
  cancel: ['maintenance:edit'],
  lines: ['maintenance:complete', 'maintenance:edit'],
  complete: ['maintenance:complete'],
  settle: ['maintenance:settle'],
  pickUp: ['maintenance:settle'],
};

/** The buttons of the order page, in the order they are shown. */
export const ACTION_ORDER: readonly WorkOrderAction[] = [
  'submit',
  'enter',
  'complete',
  'settle',
  'pickUp',
  'lines',
  'update',
  'cancel',
];

/**
 * What the order page offers: the state's actions (the contracts' one table) the user holds an element for, and,
 * when the server's answer names the caller's actions, only those (the server knows the workshop's limits).
 */
export function offeredActions(
  order: Pick<WorkOrderDetail, 'state'> & { actions?: readonly WorkOrderAction[] },
  access: Pick<Access, 'can'>,
): WorkOrderAction[] {
  const allowed = new Set<WorkOrderAction>(orderActionsOf(order.state as WorkOrderState));
  return ACTION_ORDER.filter(
    (a) =>
      allowed.has(a) &&
      ACTION_ELEMENTS[a].some((code) => access.can(code)) &&
      (order.actions ? order.actions.includes(a) : true),
  );
}
