import type { LocalText } from './common.js';
import { VALIDATION_MESSAGES } from './validation.js';

/**
 * Adds an area's `v.*` messages to the shared table, so that the server and the web translate that area's
 * schema messages exactly like the core ones. Called by the contracts file that defines the schemas, so
 * that whoever imports a schema has its messages too. A key defined twice with another text is a mistake.
 */
export function addValidationMessages(messages: Record<string, LocalText>): void {
  for (const [key, text] of Object.entries(messages)) {
    const existing = VALIDATION_MESSAGES[key];
    if (existing && (existing['zh-CN'] !== text['zh-CN'] || existing['en-US'] !== text['en-US'])) {
      throw new Error(`validation message ${key} defined twice`);
    }
    VALIDATION_MESSAGES[key] = text;
  }
}
