/**
 * LIKE patterns from user text. `%`, `_` and `\` in the text are matched literally (escaped with `\`,
 * PostgreSQL's default LIKE escape), so that a search for "A_1" finds "A_1" and not "AB1". Every place where
 * user text meets LIKE or ILIKE builds its pattern here.
 */
export function escapeLikeText(text: string): string {
  return text.replace(/[\\%_]/g, (c) => `\\${c}`);
}

/** Finds `text` anywhere in the value. */
export function containsPattern(text: string): string {
  return `%${escapeLikeText(text)}%`;
}

/** Finds values that start with `text`. */
export function prefixPattern(text: string): string {
  return `${escapeLikeText(text)}%`;
}
