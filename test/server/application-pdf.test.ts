// @vitest-environment node
import { writeFileSync } from 'node:fs';
import { crc32, deflateSync, inflateSync } from 'node:zlib';
import { describe, expect, it } from 'vitest';
import { PDFArray, PDFDocument, PDFName, PDFRawStream, PDFRef, type PDFObject } from 'pdf-lib';
import { resolveCarrierConfig, type CarrierConfig } from '../../config/carrier-config.ts';
import { summarizeDocumentStep, summarizeStep } from '../../machines/form/answer-summary.ts';
import { applicationDocumentOf, type ApplicationDocument } from '../../machines/form/application-document.ts';
import { certificationStatement, signatureScopeStatement } from '../../machines/form/certification.ts';
import { answerForms } from '../../machines/form/step-forms.ts';
import { getStep, noticeSteps } from '../../machines/steps.ts';
import { renderApplicationPdf, type ApplicationPdfInput } from '../../server/pdf/application-pdf.ts';
import { decodeWinAnsi, sanitizeText, textWidth, wrapText } from '../../server/pdf/pdf-text.ts';
import { completeApplication } from '../support/sample-answers.ts';

/** The default (fictional) carrier of config/carrier.json. */
const carrier: CarrierConfig = resolveCarrierConfig({});

const reference = 'BRF-2024-000123';

function sample(): { document: ApplicationDocument; context: ReturnType<typeof completeApplication>['actor'] } {
  const { actor } = completeApplication();
  return { document: applicationDocumentOf(actor.getSnapshot().context), context: actor };
}

function inputFor(document: ApplicationDocument, overrides: Partial<ApplicationPdfInput> = {}): ApplicationPdfInput {
  return { document, reference, submittedAt: '2024-07-15T14:32:00.000Z', carrier, ssn: 'masked', ...overrides };
}

// ------------------------------------------------------------------------------------------------
// Reading the PDF back: pdf-lib parses it; page content streams are inflated (pdf-lib Flate-compresses
// them) and the strings of the text-showing operators decoded from WinAnsi.

interface PageContent {
  /** The decoded content stream (operators), as Latin-1 text. */
  readonly operators: string;
  /** The strings shown on the page, one per line drawn. */
  readonly strings: readonly string[];
  /** The raw bytes of those strings (to check the exact encoding). */
  readonly bytes: readonly Uint8Array[];
}

function streamBytes(stream: PDFRawStream): Uint8Array {
  const filter = stream.dict.get(PDFName.of('Filter'));
  if (filter === undefined) return stream.contents;
  if (filter === PDFName.of('FlateDecode')) return inflateSync(stream.contents);
  throw new Error(`Unexpected content stream filter ${String(filter)}`);
}

function hexBytes(hex: string): Uint8Array {
  const digits = hex.replace(/\s+/g, '');
  const padded = digits.length % 2 === 0 ? digits : `${digits}0`;
  return Uint8Array.from(padded.match(/../g) ?? [], (pair) => parseInt(pair, 16));
}

function literalBytes(literal: string): Uint8Array {
  const bytes: number[] = [];
  for (let index = 0; index < literal.length; index += 1) {
    const char = literal[index] as string;
    if (char !== '\\') {
      bytes.push(char.charCodeAt(0));
      continue;
    }
    index += 1;
    const next = literal[index] ?? '';
    const escapes: Record<string, number> = { n: 10, r: 13, t: 9, b: 8, f: 12, '(': 40, ')': 41, '\\': 92 };
    if (next in escapes) bytes.push(escapes[next] as number);
    else if (/[0-7]/.test(next)) {
      const octal = /^[0-7]{1,3}/.exec(literal.slice(index))?.[0] ?? '0';
      bytes.push(parseInt(octal, 8) & 0xff);
      index += octal.length - 1;
    }
  }
  return Uint8Array.from(bytes);
}

/** The strings of `Tj`, `'`, `"` and `TJ` operators, hex (`<...>`) or literal (`(...)`). */
function shownStrings(operators: string): Uint8Array[] {
  const strings: Uint8Array[] = [];
  const pattern = /<([0-9A-Fa-f\s]*)>\s*(?:Tj|'|")|\(((?:\\.|[^\\)])*)\)\s*(?:Tj|'|")|\[((?:[^\]])*)\]\s*TJ/g;
  for (const match of operators.matchAll(pattern)) {
    if (match[1] !== undefined) strings.push(hexBytes(match[1]));
    else if (match[2] !== undefined) strings.push(literalBytes(match[2]));
    else if (match[3] !== undefined) {
      const parts: number[] = [];
      for (const part of match[3].matchAll(/<([0-9A-Fa-f\s]*)>|\(((?:\\.|[^\\)])*)\)/g)) {
        parts.push(...(part[1] !== undefined ? hexBytes(part[1]) : literalBytes(part[2] ?? '')));
      }
      strings.push(Uint8Array.from(parts));
    }
  }
  return strings;
}

async function readPdf(bytes: Uint8Array): Promise<{ pdf: PDFDocument; pages: PageContent[]; raw: string }> {
  const pdf = await PDFDocument.load(bytes);
  const lookup = (object: PDFObject | undefined) => (object instanceof PDFRef ? pdf.context.lookup(object) : object);
  const pages = pdf.getPages().map((page) => {
    const contents = page.node.Contents();
    const streams = (contents instanceof PDFArray ? contents.asArray().map(lookup) : [contents]).filter(
      (stream): stream is PDFRawStream => stream instanceof PDFRawStream,
    );
    const operators = streams.map((stream) => Buffer.from(streamBytes(stream)).toString('latin1')).join('\n');
    const shown = shownStrings(operators);
    return { operators, bytes: shown, strings: shown.map((string) => decodeWinAnsi(string)) };
  });
  return { pdf, pages, raw: Buffer.from(bytes).toString('latin1') };
}

/** All the text of the document, lines joined by spaces (so wrapped sentences read whole). */
function fullText(pages: readonly PageContent[]): string {
  return pages
    .flatMap((page) => page.strings)
    .join(' ')
    .replace(/\s+/g, ' ');
}

function normalise(text: string): string {
  return text.replace(/\s+/g, ' ').trim();
}

function expectInOrder(text: string, phrases: readonly string[]): void {
  let from = 0;
  for (const phrase of phrases) {
    const at = text.indexOf(phrase, from);
    expect(at, `"${phrase}" after position ${from}`).toBeGreaterThanOrEqual(0);
    from = at + phrase.length;
  }
}

function includesBytes(haystack: Uint8Array, needle: readonly number[]): boolean {
  outer: for (let start = 0; start + needle.length <= haystack.length; start += 1) {
    for (let index = 0; index < needle.length; index += 1) if (haystack[start + index] !== needle[index]) continue outer;
    return true;
  }
  return false;
}

/** A PNG of `rgba` pixels, 8-bit RGBA (a canvas's), rows filtered with each of the five filters in turn; or 16-bit. */
function encodePng(width: number, height: number, rgba: Uint8Array, options: { sixteenBit?: boolean } = {}): Buffer {
  const bytesPerPixel = options.sixteenBit ? 8 : 4;
  const stride = width * bytesPerPixel;
  const pixels = options.sixteenBit ? Uint8Array.from({ length: rgba.length * 2 }, (_, index) => rgba[index >> 1] as number) : rgba;
  const raw = Buffer.alloc((stride + 1) * height);
  for (let y = 0; y < height; y += 1) {
    const filter = options.sixteenBit ? 0 : y % 5;
    raw[y * (stride + 1)] = filter;
    for (let x = 0; x < stride; x += 1) {
      const value = pixels[y * stride + x] as number;
      const a = x >= bytesPerPixel ? (pixels[y * stride + x - bytesPerPixel] as number) : 0;
      const b = y > 0 ? (pixels[(y - 1) * stride + x] as number) : 0;
      const c = y > 0 && x >= bytesPerPixel ? (pixels[(y - 1) * stride + x - bytesPerPixel] as number) : 0;
      const p = a + b - c;
      const paeth = Math.abs(p - a) <= Math.abs(p - b) && Math.abs(p - a) <= Math.abs(p - c) ? a : Math.abs(p - b) <= Math.abs(p - c) ? b : c;
      const predicted = [0, a, b, (a + b) >> 1, paeth][filter] as number;
      raw[y * (stride + 1) + 1 + x] = (value - predicted) & 0xff;
    }
  }
  const chunk = (type: string, data: Buffer) => {
    const length = Buffer.alloc(4);
    length.writeUInt32BE(data.length);
    const body = Buffer.concat([Buffer.from(type, 'latin1'), data]);
    const crc = Buffer.alloc(4);
    crc.writeUInt32BE(crc32(body));
    return Buffer.concat([length, body, crc]);
  };
  const header = Buffer.alloc(13);
  header.writeUInt32BE(width, 0);
  header.writeUInt32BE(height, 4);
  header.set([options.sixteenBit ? 16 : 8, 6, 0, 0, 0], 8);
  return Buffer.concat([
    Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
    chunk('IHDR', header),
    chunk('IDAT', deflateSync(raw)),
    chunk('IEND', Buffer.alloc(0)),
  ]);
}

/** Pixels like the signature pad's: a dark, anti-aliased stroke on a transparent canvas. */
function signaturePixels(width: number, height: number): Uint8Array {
  const rgba = new Uint8Array(width * height * 4);
  for (let x = 20; x < width - 20; x += 1) {
    const centre = height / 2 + Math.sin(x / 35) * (height / 4) + Math.sin(x / 7) * 6;
    for (let y = Math.floor(centre - 3); y <= Math.ceil(centre + 3); y += 1) {
      const offset = (y * width + x) * 4;
      rgba.set([11, 12, 12, Math.max(0, Math.min(255, Math.round(255 * (3.5 - Math.abs(y - centre)) / 2)))], offset);
    }
  }
  return rgba;
}

function signaturePng(width = 600, height = 200, options: { sixteenBit?: boolean } = {}): string {
  return `data:image/png;base64,${encodePng(width, height, signaturePixels(width, height), options).toString('base64')}`;
}

function withSignature(document: ApplicationDocument, signature: ApplicationDocument['signature']): ApplicationDocument {
  return { ...document, signature };
}

// ------------------------------------------------------------------------------------------------

describe('the application PDF', () => {
  it('renders the complete application: pages, footer, headings, the 391.21(b) items, answers, notices and certification', async () => {
    const { document } = sample();
    const bytes = await renderApplicationPdf(inputFor(document));
    const { pdf, pages } = await readPdf(bytes);

    expect(pdf.getPageCount()).toBeGreaterThanOrEqual(2);
    for (const [index, page] of pages.entries()) {
      const { width, height } = pdf.getPage(index).getSize();
      expect([width, height]).toEqual([612, 792]);
      expect(page.strings).toContain(`Page ${index + 1} of ${pages.length}`);
      expect(normalise(page.strings.join(' '))).toContain(`Reference ${reference}`);
    }

    const text = fullText(pages);
    const firstPage = normalise(pages[0]?.strings.join(' ') ?? '');
    expect(firstPage).toContain('Application for Employment');
    expect(firstPage).toContain('Blue Ridge Freight Lines, Inc.');
    expect(firstPage).toContain('1200 Commerce Parkway, Roanoke, VA 24012');
    expect(firstPage).toContain(reference);
    expect(firstPage).toContain('Date of application');
    expect(firstPage).toContain('15 July 2024');
    expect(firstPage).toContain('Maria Elena Alvarez');

    expectInOrder(text, [
      '49 CFR 391.21(b) information',
      '(1) Motor carrier’s name and address',
      'Blue Ridge Freight Lines, Inc.',
      '1200 Commerce Parkway, Roanoke, VA 24012',
      '(2) Applicant’s name, address, date of birth and Social Security Number',
      'Maria Elena Alvarez',
      '12 April 1985',
      '(3) Addresses during the 3 years preceding the application',
      'Previous address 1',
      '(4) Date of application',
      '15 July 2024',
      '(5) Motor vehicle operator’s licences',
      'D123-4567-8901',
      'Other licence 2',
      '(6) Nature and extent of driving experience',
      'Flatbed',
      '(7) Motor vehicle accidents',
      'Accident 2',
      '(8) Traffic convictions and forfeitures',
      'Violation 2',
      '(9) Denial, revocation or suspension',
      'Facts and circumstances',
      '(10) Employers during the preceding 3 years',
      'Acme Freight',
      'Reason for leaving',
      'Subject to the FMCSRs',
      'Safety-sensitive',
      '(11) Commercial motor vehicle employers',
      'Covered by item (10)',
      '(12) Certification and signature',
      'Answers by step',
    ]);

    // Every step, in step order, then the notices and, at the end, the certification and signature.
    expectInOrder(text, [
      'Answers by step',
      ...answerForms.map((form) => getStep(form.step).heading),
      'Notices acknowledged',
      'Certification and signature',
      normalise(certificationStatement),
      normalise(signatureScopeStatement),
      'Signature of applicant',
      'Signed on',
      '15 July 2024, 14:30 UTC',
    ]);
    expect(text).toContain('true and complete to the best of my knowledge');

    const notices = text.slice(text.indexOf('Notices acknowledged'));
    for (const notice of noticeSteps) {
      expectInOrder(notices, [normalise(notice.heading), 'Acknowledged on 15 July 2024, 14:30 UTC']);
    }
    expect(notices.match(/Acknowledged on 15 July 2024, 14:30 UTC/g)).toHaveLength(noticeSteps.length);

    // Answers by step: "Label: value" rows, lists as tables or a block per entry.
    expectInOrder(text, ['Personal Information', 'First name:', 'Maria', 'Last name:', 'Alvarez']);
    expectInOrder(text, ['Other licences in the last 3 years', 'State', 'Licence number', 'Expiration date', 'Licence number 1', 'Licence number 2']);
    expectInOrder(text, ['Employers in the last 10 years', 'Employer 1', 'Company name:', 'Acme Freight', 'Employer 2', 'Acme Freight 2']);
    expectInOrder(text, ['Employment/Contract History', 'Other history items', 'Unemployment', 'Comments 2']);
  });

  it('masks the SSN to its last four digits, or prints it in full for the carrier', async () => {
    const { document } = sample();
    const masked = await readPdf(await renderApplicationPdf(inputFor(document, { ssn: 'masked' })));
    const maskedText = fullText(masked.pages);
    expect(maskedText).toContain('•••-••-6789');
    expect(maskedText).not.toContain('123-45-6789');
    expect(maskedText).not.toContain('123456789');
    expect(maskedText).not.toMatch(/\b123\b.{0,3}\b45\b/);
    // The bullet is WinAnsi byte 0x95.
    expect(masked.pages.some((page) => page.bytes.some((string) => includesBytes(string, [0x95, 0x95, 0x95, 0x2d, 0x95, 0x95, 0x2d, 0x36, 0x37, 0x38, 0x39])))).toBe(true);
    const info = [masked.pdf.getTitle(), masked.pdf.getSubject(), masked.pdf.getAuthor(), masked.pdf.getKeywords()].join(' ');
    expect(info).not.toContain('6789');

    const full = fullText((await readPdf(await renderApplicationPdf(inputFor(document, { ssn: 'full' })))).pages);
    expect(full).toContain('123-45-6789');
    expect(full).not.toContain('•••-••-6789');
  });

  it('embeds a drawn signature as an image, flattened onto white and scaled into its box', async () => {
    const { document } = sample();
    const [width, height] = [600, 200];
    const bytes = await renderApplicationPdf(
      inputFor(withSignature(document, { method: 'drawn', image: signaturePng(width, height), signedAt: '2024-07-15T14:30:00.000Z' })),
    );
    const { pdf, pages, raw } = await readPdf(bytes);
    expect(raw).toContain('/Subtype /Image');
    const images = pdf.context
      .enumerateIndirectObjects()
      .map(([, object]) => object)
      .filter((object): object is PDFRawStream => object instanceof PDFRawStream && object.dict.get(PDFName.of('Subtype')) === PDFName.of('Image'));
    expect(images).toHaveLength(1);
    const image = images[0] as PDFRawStream;
    expect(image.dict.get(PDFName.of('Width'))?.toString()).toBe(String(width));
    expect(image.dict.get(PDFName.of('Height'))?.toString()).toBe(String(height));
    // Every pixel (rows filtered with all five PNG filters) is the stroke's colour blended onto white.
    const rgb = streamBytes(image);
    const rgba = signaturePixels(width, height);
    const expected = new Uint8Array(width * height * 3);
    for (let pixel = 0; pixel < width * height; pixel += 1) {
      const alpha = rgba[pixel * 4 + 3] as number;
      for (let channel = 0; channel < 3; channel += 1) {
        expected[pixel * 3 + channel] = Math.round(((rgba[pixel * 4 + channel] as number) * alpha + 255 * (255 - alpha)) / 255);
      }
    }
    expect(Buffer.from(rgb).equals(Buffer.from(expected))).toBe(true);

    const last = pages[pages.length - 1];
    // Drawn at 220 × 73.33 points (600 × 200 pixels scaled into 220 × 80).
    const scale = /([\d.]+) 0 0 ([\d.]+) [\d.]+ [\d.]+ cm\n\/Image[^ ]* Do/.exec(last?.operators ?? '');
    expect(Number(scale?.[1])).toBeCloseTo(220, 1);
    expect(Number(scale?.[2])).toBeCloseTo(73.33, 1);
    expect(fullText(pages)).not.toContain('Typed signature');
    expect(fullText(pages)).toContain('Drawn on screen');
  });

  it('embeds a PNG the fast path does not read (16-bit) with pdf-lib', async () => {
    const { document } = sample();
    const bytes = await renderApplicationPdf(
      inputFor(withSignature(document, { method: 'drawn', image: signaturePng(300, 100, { sixteenBit: true }), signedAt: '2024-07-15T14:30:00.000Z' })),
    );
    const { raw, pages } = await readPdf(bytes);
    expect(raw).toContain('/Subtype /Image');
    expect(raw).toContain('/SMask');
    expect(fullText(pages)).not.toContain('could not be read');
  });

  it('prints a typed signature as the name, large and labelled', async () => {
    const { document } = sample();
    const bytes = await renderApplicationPdf(
      inputFor(withSignature(document, { method: 'typed', name: 'Maria Elena Alvarez', signedAt: '2024-07-15T14:31:00.000Z' })),
    );
    const { pages, raw } = await readPdf(bytes);
    expect(raw).not.toContain('/Subtype /Image');
    const text = fullText(pages);
    expectInOrder(text, ['Certification and signature', 'Typed signature', 'Maria Elena Alvarez', 'Signed on', '15 July 2024, 14:31 UTC']);
    expect(pages[pages.length - 1]?.operators).toMatch(/ 20 Tf\n/);
  });

  it('does not throw on characters the fonts lack, overlong words, missing answers or a broken image', async () => {
    const { document } = sample();
    const longWord = 'Supercalifragilistic'.repeat(30);
    const odd: ApplicationDocument = {
      ...document,
      answers: {
        ...document.answers,
        personal: { ...document.answers.personal, 'first-name': 'Zoë ✓ 😀 李小龙', 'middle-name': 'e\u0301 ő ș ﬁ\u200b\u0000' },
        criminal: { ...document.answers.criminal, 'convictions-description': `Line one\tand “quotes” – ok\nLine two ✔ → ≥ 🚚🇺🇸 ${longWord} מזל טוב` },
      },
      signature: { method: 'typed', name: 'Zoë 李 ✓', signedAt: 'not a time' },
    };
    const bytes = await renderApplicationPdf(inputFor(odd, { reference: 'REF-✓-李', submittedAt: 'garbage' }));
    const { pages } = await readPdf(bytes);
    const text = fullText(pages);
    expect(text).toContain('Zoë x ? ???');
    expect(text).toContain('é o s fi');
    expect(text).toContain('Line one and “quotes” – ok Line two x -> >= ???');
    // The overlong word is broken across lines, every piece of it printed.
    expect(text.replace(/ /g, '')).toContain(longWord);
    expect(text).toContain('Typed signature');

    const empty = { version: 1, answers: {}, acknowledgements: {}, signature: { method: 'drawn', image: 'data:image/png;base64,AAAA', signedAt: '2024-07-15T14:30:00Z' } } as const;
    const emptyText = fullText((await readPdf(await renderApplicationPdf(inputFor(empty as ApplicationDocument)))).pages);
    expect(emptyText).toContain('Not acknowledged');
    expect(emptyText).toContain('The drawn signature image could not be read');
  });

  it('renders one application well within the time budget', async () => {
    const { document } = sample();
    const input = inputFor(withSignature(document, { method: 'drawn', image: signaturePng(), signedAt: '2024-07-15T14:30:00.000Z' }));
    let started = performance.now();
    const first = await renderApplicationPdf(input);
    const cold = performance.now() - started;
    const times: number[] = [];
    for (let run = 0; run < 10; run += 1) {
      started = performance.now();
      await renderApplicationPdf(input);
      times.push(performance.now() - started);
    }
    times.sort((a, b) => a - b);
    const median = times[Math.floor(times.length / 2)] ?? 0;
    console.info(
      `application PDF: ${(await PDFDocument.load(first)).getPageCount()} pages, ${first.length} bytes; ` +
        `first render ${cold.toFixed(1)} ms, then median ${median.toFixed(1)} ms (min ${times[0]?.toFixed(1)}, max ${times[times.length - 1]?.toFixed(1)})`,
    );
    // APPLICATION_PDF_SAMPLE=/tmp/sample-application.pdf keeps a sample to look at (signed on a 2× screen).
    if (process.env.APPLICATION_PDF_SAMPLE) {
      const signed = withSignature(document, { method: 'drawn', image: signaturePng(1400, 360), signedAt: '2024-07-15T14:30:00.000Z' });
      writeFileSync(process.env.APPLICATION_PDF_SAMPLE, await renderApplicationPdf(inputFor(signed)));
    }
  });
});

describe('PDF text helpers', () => {
  it('keep what WinAnsi encodes and replace the rest with a close equivalent or ?', () => {
    expect(sanitizeText('“smart” ‘quotes’ – — • … € ™ é ñ ß')).toBe('“smart” ‘quotes’ – — • … € ™ é ñ ß');
    expect(sanitizeText('✓ ✔ → ≤ ≥ \u00a0x\u2009y ő ł İ')).toBe('x x -> <= >= \u00a0x y o l I');
    expect(sanitizeText('😀 李 \u0000\u200b\uFE0F|\r\nnext')).toBe('? ? |\nnext');
    expect(sanitizeText(undefined)).toBe('');
  });

  it('wraps words into the width and breaks words longer than a line', async () => {
    const pdf = await PDFDocument.create();
    const { StandardFonts } = await import('pdf-lib');
    const font = await pdf.embedFont(StandardFonts.Helvetica);
    const lines = wrapText(`The quick brown fox jumps over the lazy dog ${'x'.repeat(80)} end\nsecond paragraph`, font, 10, 120);
    expect(lines.length).toBeGreaterThan(4);
    for (const line of lines) expect(textWidth(line, font, 10)).toBeLessThanOrEqual(120.01);
    expect(lines.join(' ').replace(/ /g, '')).toBe(`Thequickbrownfoxjumpsoverthelazydog${'x'.repeat(80)}endsecondparagraph`);
    expect(lines[lines.length - 1]).toBe('second paragraph');
    // Measured as drawn: without the kerning widthOfTextAtSize adds.
    expect(textWidth('AV', font, 10)).toBeCloseTo(font.widthOfTextAtSize('A', 10) + font.widthOfTextAtSize('V', 10), 5);
  });
});

describe('summarizing a stored document', () => {
  it('gives what summarizeStep gives for the machine’s answers', () => {
    const { document, context } = sample();
    const answers = context.getSnapshot().context.answers;
    for (const form of answerForms) {
      expect(summarizeDocumentStep(form, document.answers[form.step], { revealSsn: true }), form.step).toEqual(
        summarizeStep(form, answers[form.step], { revealSsn: true }),
      );
    }
  });
});
