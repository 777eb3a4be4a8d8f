export interface PastedRecipient {
  phone: string;
  name?: string;
}

export interface PastedList {
  recipients: PastedRecipient[];
  /** 1-based numbers of the lines in which no number could be found. */
  unreadable: number[];
}

/** A mainland mobile as people type it: `+86`, spaces or dashes between the groups (138 0013 8000). */
const MOBILE = /(?:\+?86[\s-]?)?1\d{2}(?:[\s-]?\d){8}(?!\d)/g;
/** Anything else that looks like a number (the server says why it is not one). */
const NUMBER = /\+?\d[\d-]*\d/g;
const SEPARATORS = /[\s,，;；、|]+/g;
const MAX_PHONE = 20;
const MAX_NAME = 40;

/**
 * Numbers pasted one per line, `name phone`, `phone name` or `phone`, separated by spaces, tabs or commas
 * (a line may also hold several numbers, comma-separated). The browser only splits the text; the server
 * checks each number (invalid ones come back in the preview).
 */
export function parsePasted(text: string): PastedList {
  const recipients: PastedRecipient[] = [];
  const unreadable: number[] = [];
  text.split(/\r?\n/).forEach((raw, i) => {
    const line = raw.trim();
    if (!line) return;
    let phones = [...line.matchAll(MOBILE)].map((m) => m[0]);
    let rest = line.replace(MOBILE, ' ');
    if (!phones.length) {
      phones = [...line.matchAll(NUMBER)].map((m) => m[0]);
      rest = line.replace(NUMBER, ' ');
    }
    const numbers = phones.map((p) => p.replace(/[\s-]/g, ''));
    if (!numbers.length || numbers.some((p) => p.length > MAX_PHONE)) {
      unreadable.push(i + 1);
      return;
    }
    const name = rest.replace(SEPARATORS, ' ').trim().slice(0, MAX_NAME);
    for (const phone of numbers) {
      recipients.push(name && numbers.length === 1 ? { phone, name } : { phone });
    }
  });
  return { recipients, unreadable };
}
