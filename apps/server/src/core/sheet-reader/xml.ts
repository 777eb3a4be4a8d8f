import { SheetReadError } from './limits.js';

/**
 * A small incremental XML tag scanner, enough for the parts of an .xlsx: fed text in pieces, it reports
 * element starts (with their raw attributes), ends and raw text, never holding more than one unfinished tag.
 * Names lose their namespace prefix (`x:row` is `row`). Comments and processing instructions are skipped;
 * a DOCTYPE is refused (a package never has one, and entity declarations are how XML bombs work). Text is
 * reported raw: `decodeXml` it once it is whole.
 */
export interface XmlHandler {
  open(name: string, attrs: string, selfClosing: boolean): void;
  close(name: string): void;
  text(raw: string): void;
}

/** An unfinished tag, comment or entity longer than this is not something a sheet needs. */
const MAX_PENDING = 1024 * 1024;

export class XmlScanner {
  private pending = '';

  constructor(private readonly handler: XmlHandler) {}

  write(chunk: string): void {
    const s = this.pending ? this.pending + chunk : chunk;
    const i = this.scan(s);
    this.pending = i < s.length ? s.slice(i) : '';
    if (this.pending.length > MAX_PENDING) throw new SheetReadError('unreadable', {}, 'unterminated XML markup');
  }

  /** The document is complete: anything left unfinished makes it unreadable. */
  end(): void {
    if (this.pending.trim()) throw new SheetReadError('unreadable', {}, 'truncated XML');
  }

  /** Handles what `s` holds in full; answers where the unfinished rest starts. */
  private scan(s: string): number {
    const h = this.handler;
    const n = s.length;
    let i = 0;
    while (i < n) {
      const lt = s.indexOf('<', i);
      if (lt < 0) {
        // Text to the end; keep back an entity cut in two.
        const amp = s.lastIndexOf('&');
        const end = amp >= i && s.indexOf(';', amp) < 0 ? amp : n;
        if (end > i) h.text(s.slice(i, end));
        return end;
      }
      if (lt > i) h.text(s.slice(i, lt));
      const next = s.charCodeAt(lt + 1);
      if (next === 33 /* ! */) {
        if (s.startsWith('<!--', lt)) {
          const e = s.indexOf('-->', lt + 4);
          if (e < 0) return lt;
          i = e + 3;
        } else if (s.startsWith('<![CDATA[', lt)) {
          const e = s.indexOf(']]>', lt + 9);
          if (e < 0) return lt;
          h.text(s.slice(lt + 9, e).replace(/&/g, '&amp;'));
          i = e + 3;
        } else if (n - lt < 9) {
          return lt;
        } else {
          throw new SheetReadError('unreadable', {}, 'DOCTYPE or unknown markup');
        }
        continue;
      }
      if (next === 63 /* ? */) {
        const e = s.indexOf('?>', lt + 2);
        if (e < 0) return lt;
        i = e + 2;
        continue;
      }
      const gt = tagEnd(s, lt + 1);
      if (gt < 0) return lt;
      if (next === 47 /* / */) {
        h.close(localName(s.slice(lt + 2, gt).trim()));
      } else {
        const selfClosing = s.charCodeAt(gt - 1) === 47;
        const body = s.slice(lt + 1, selfClosing ? gt - 1 : gt);
        const space = body.search(/\s/);
        const name = space < 0 ? body : body.slice(0, space);
        h.open(localName(name), space < 0 ? '' : body.slice(space), selfClosing);
      }
      i = gt + 1;
    }
    return n;
  }
}

/** The `>` closing a tag that starts at `from`, skipping quoted attribute values (they may hold `>`); -1 if cut. */
function tagEnd(s: string, from: number): number {
  let quote = 0;
  for (let j = from; j < s.length; j++) {
    const c = s.charCodeAt(j);
    if (quote) {
      if (c === quote) quote = 0;
    } else if (c === 34 || c === 39) quote = c;
    else if (c === 62) return j;
  }
  return -1;
}

function localName(name: string): string {
  const colon = name.indexOf(':');
  return colon < 0 ? name : name.slice(colon + 1);
}

const ATTR = /([^\s=]+)\s*=\s*(?:"([^"]*)"|'([^']*)')/g;

/** The attributes of a tag by full name (`r:id` keeps its prefix), values decoded. */
export function attributes(raw: string): Map<string, string> {
  const out = new Map<string, string>();
  if (!raw) return out;
  for (const m of raw.matchAll(ATTR)) out.set(m[1]!, decodeXml(m[2] ?? m[3] ?? ''));
  return out;
}

/** The value of the attribute whose local name is `name`, whatever its prefix. */
export function attributeByLocalName(attrs: Map<string, string>, name: string): string | undefined {
  for (const [key, value] of attrs) if (key === name || key.endsWith(`:${name}`)) return value;
  return undefined;
}

const NAMED: Record<string, string> = { amp: '&', lt: '<', gt: '>', quot: '"', apos: "'" };

/** XML text with its five named entities and numeric references decoded; unknown ones are kept as written. */
export function decodeXml(raw: string): string {
  if (!raw.includes('&')) return raw;
  return raw.replace(/&(#[xX][0-9a-fA-F]{1,6}|#[0-9]{1,7}|[a-zA-Z]+);/g, (m, ref: string) => {
    if (ref[0] !== '#') return NAMED[ref] ?? m;
    const code = ref[1] === 'x' || ref[1] === 'X' ? parseInt(ref.slice(2), 16) : parseInt(ref.slice(1), 10);
    return code > 0 && code <= 0x10ffff ? String.fromCodePoint(code) : m;
  });
}

/** The `_xHHHH_` escapes of OOXML strings (a carriage return is written `_x000D_`), as ExcelJS decodes them. */
export function decodeOoxmlEscapes(text: string): string {
  if (!text.includes('_x')) return text;
  return text.replace(/_x([0-9A-F]{4})_/g, (_m, hex: string) => String.fromCharCode(parseInt(hex, 16)));
}
