import type { PDFFont } from 'pdf-lib';

/**
 * Text for pdf-lib's standard fonts (Helvetica): they encode WinAnsi (Windows-1252) only, and
 * `drawText` / `widthOfTextAtSize` throw on anything else. Every string is sanitized first, then
 * wrapped to a width.
 */

/** The characters of WinAnsi bytes 0x80–0x9F (undefined bytes are empty). */
const winAnsiHigh = '€\u0000‚ƒ„…†‡ˆ‰Š‹Œ\u0000Ž\u0000\u0000‘’“”•–—˜™š›œ\u0000žŸ';

/** Unicode character → WinAnsi byte, for every character the standard fonts can draw (but not control characters). */
const winAnsiBytes: ReadonlyMap<string, number> = (() => {
  const map = new Map<string, number>();
  for (let byte = 0x20; byte <= 0x7e; byte += 1) map.set(String.fromCharCode(byte), byte);
  for (let byte = 0xa0; byte <= 0xff; byte += 1) map.set(String.fromCharCode(byte), byte);
  [...winAnsiHigh].forEach((char, index) => {
    if (char !== '\u0000') map.set(char, 0x80 + index);
  });
  return map;
})();

const winAnsiChars: readonly string[] = (() => {
  const chars: string[] = [];
  for (const [char, byte] of winAnsiBytes) chars[byte] = char;
  return chars;
})();

export function isWinAnsi(char: string): boolean {
  return winAnsiBytes.has(char);
}

/** The text of WinAnsi bytes (as a PDF's standard-font strings hold them); unknown bytes become U+FFFD. */
export function decodeWinAnsi(bytes: ArrayLike<number>): string {
  let text = '';
  for (let index = 0; index < bytes.length; index += 1) {
    const byte = bytes[index] as number;
    text += winAnsiChars[byte] ?? (byte === 0x0a ? '\n' : '\uFFFD');
  }
  return text;
}

/** Close WinAnsi (mostly ASCII) equivalents of common characters the fonts lack. */
const replacements: Readonly<Record<string, string>> = {
  '\t': ' ',
  '\u00ad': '', // soft hyphen: invisible unless a line breaks there
  '\u200b': '',
  '\u200c': '',
  '\u200d': '',
  '\u2060': '',
  '\ufeff': '',
  '\u2010': '-',
  '\u2011': '-',
  '\u2012': '-',
  '\u2015': '—',
  '\u2212': '-',
  '\u2032': "'",
  '\u2033': '"',
  '\u201b': '‘',
  '\u201f': '“',
  '\u2027': '·',
  '\u2043': '-',
  '\u2219': '•',
  '\u25cf': '•',
  '\u25e6': '•',
  '\u2023': '•',
  '\u2713': 'x',
  '\u2714': 'x',
  '\u2705': 'x',
  '\u2611': '[x]',
  '\u2610': '[ ]',
  '\u2717': 'x',
  '\u2718': 'x',
  '\u274c': 'x',
  '\u2190': '<-',
  '\u2192': '->',
  '\u2194': '<->',
  '\u21d2': '=>',
  '\u2264': '<=',
  '\u2265': '>=',
  '\u2260': '!=',
  '\u2248': '~',
  '\u2116': 'No.',
  '\u2113': 'l',
  '\u0131': 'i',
  '\u0141': 'L',
  '\u0142': 'l',
  '\u0110': 'D',
  '\u0111': 'd',
  '\u0126': 'H',
  '\u0127': 'h',
  '\u0132': 'IJ',
  '\u0133': 'ij',
  '\u013f': 'L',
  '\u0140': 'l',
  '\u0149': "'n",
  '\u014a': 'N',
  '\u014b': 'n',
  '\u0166': 'T',
  '\u0167': 't',
  '\u017f': 's',
  '\u0218': 'S',
  '\u0219': 's',
  '\u021a': 'T',
  '\u021b': 't',
  '\u0259': 'e',
  '\u02bb': '‘',
  '\u02bc': '’',
  '\u02c7': '',
  '\u02d8': '',
  '\u02d9': '',
  '\u02da': '',
  '\u02db': '',
  '\u02dd': '',
};

const spaces = /[\u00a0\u1680\u2000-\u200a\u202f\u205f\u3000]/;
const combiningMarks = /\p{M}/gu;

function sanitizeChar(char: string): string {
  if (winAnsiBytes.has(char)) return char;
  const replacement = replacements[char];
  if (replacement !== undefined) return replacement;
  if (spaces.test(char)) return ' ';
  const code = char.codePointAt(0) ?? 0;
  // Other control and format characters, variation selectors and emoji modifiers draw nothing.
  if (code < 0x20 || (code >= 0x7f && code < 0xa0) || (code >= 0xfe00 && code <= 0xfe0f) || (code >= 0x1f3fb && code <= 0x1f3ff)) return '';
  if ((code >= 0x200e && code <= 0x200f) || (code >= 0x202a && code <= 0x202e) || (code >= 0x2066 && code <= 0x2069)) return '';
  if (code >= 0xe0000 && code <= 0xe007f) return '';
  // A letter with accents the fonts lack (ő, ș, ą): its base letter, with any accent the fonts have.
  const composed = char.normalize('NFKC');
  if (composed !== char && [...composed].every((part) => winAnsiBytes.has(part))) return composed;
  const decomposed = char.normalize('NFKD');
  const base = decomposed.replace(combiningMarks, '');
  if (base !== '' && base !== char && [...base].every((part) => winAnsiBytes.has(part))) return base;
  if (/\p{M}/u.test(char)) return '';
  return '?';
}

/**
 * `text` with every character the standard fonts can draw, newlines kept (for paragraphs) and
 * everything else replaced by a close equivalent or '?'. Never throws.
 */
export function sanitizeText(text: unknown): string {
  const source = typeof text === 'string' ? text : text === undefined || text === null ? '' : String(text);
  return source
    .normalize('NFC')
    .replace(/\r\n?|[\u2028\u2029]/g, '\n')
    .split('\n')
    .map((line) => {
      let sanitized = '';
      for (const char of line) sanitized += sanitizeChar(char);
      return sanitized;
    })
    .join('\n');
}

const charWidths = new WeakMap<PDFFont, Map<string, number>>();

/**
 * The width of sanitized `text` as pdf-lib draws it: the glyphs' widths, without kerning (`drawText`
 * does not kern, while `widthOfTextAtSize` counts kerning pairs). Measured a character at a time
 * with `widthOfTextAtSize` and cached per font, which also makes wrapping fast.
 */
export function textWidth(text: string, font: PDFFont, size: number): number {
  let table = charWidths.get(font);
  if (!table) {
    table = new Map();
    charWidths.set(font, table);
  }
  let width = 0;
  for (let index = 0; index < text.length; index += 1) {
    const char = text.charAt(index);
    let charWidth = table.get(char);
    if (charWidth === undefined) {
      charWidth = font.widthOfTextAtSize(winAnsiBytes.has(char) ? char : '?', 1000);
      table.set(char, charWidth);
    }
    width += charWidth;
  }
  return (width * size) / 1000;
}

/** Widths are sums of floating-point numbers: text measured to fit exactly must still fit. */
const tolerance = 0.01;

/** The widest prefix of `word` (at least one character) that fits in `maxWidth`. */
function fittingPrefix(word: string, font: PDFFont, size: number, maxWidth: number): number {
  const chars = [...word];
  let low = 1;
  let high = chars.length;
  while (low < high) {
    const middle = Math.ceil((low + high) / 2);
    if (textWidth(chars.slice(0, middle).join(''), font, size) <= maxWidth + tolerance) low = middle;
    else high = middle - 1;
  }
  return chars.slice(0, low).join('').length;
}

/**
 * The lines of `text` (already sanitized) in `font` at `size` no wider than `maxWidth`: words kept
 * whole where they fit, overlong words broken, newlines starting new lines. At least one line.
 */
export function wrapText(text: string, font: PDFFont, size: number, maxWidth: number): string[] {
  const lines: string[] = [];
  const spaceWidth = textWidth(' ', font, size);
  for (const paragraph of text.split('\n')) {
    const words = paragraph.split(' ').filter((word) => word !== '');
    let line = '';
    let lineWidth = 0;
    for (let word of words) {
      let wordWidth = textWidth(word, font, size);
      if (line !== '' && lineWidth + spaceWidth + wordWidth <= maxWidth + tolerance) {
        line += ` ${word}`;
        lineWidth += spaceWidth + wordWidth;
        continue;
      }
      if (line !== '') lines.push(line);
      while (wordWidth > maxWidth + tolerance) {
        const cut = fittingPrefix(word, font, size, maxWidth);
        lines.push(word.slice(0, cut));
        word = word.slice(cut);
        wordWidth = textWidth(word, font, size);
      }
      line = word;
      lineWidth = wordWidth;
    }
    lines.push(line);
  }
  return lines;
}

/** The width of the longest word of `text` (the narrowest column that needs no broken words). */
export function longestWordWidth(text: string, font: PDFFont, size: number): number {
  let widest = 0;
  for (const word of text.split(/[ \n]+/)) if (word !== '') widest = Math.max(widest, textWidth(word, font, size));
  return widest;
}
