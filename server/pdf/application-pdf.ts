import { deflateSync, inflateSync } from 'node:zlib';
import {
  PDFDocument,
  StandardFonts,
  concatTransformationMatrix,
  drawObject,
  popGraphicsState,
  pushGraphicsState,
  rgb,
  type PDFFont,
  type PDFPage,
  type RGB,
} from 'pdf-lib';
import type { CarrierConfig } from '../../config/carrier-config.ts';
import { formatAnswer, formatDate, summarizeDocumentStep, type SummaryItem, type SummaryList, type SummaryOptions, type SummaryRow } from '../../machines/form/answer-summary.ts';
import type { ApplicationDocument } from '../../machines/form/application-document.ts';
import { isPlainObject } from '../../machines/form/answers.ts';
import { certificationStatement, signatureScopeStatement } from '../../machines/form/certification.ts';
import { isAnswerField, revealsOf, type AnswerField, type AnswerValue, type FieldNode, type ListNode, type StepForm } from '../../machines/form/field-types.ts';
import { answerForms } from '../../machines/form/step-forms.ts';
import { getStep, noticeSteps, type StepId } from '../../machines/steps.ts';
import { longestWordWidth, sanitizeText, textWidth, wrapText } from './pdf-text.ts';

/**
 * The application as a PDF a carrier can file in the driver qualification file (49 CFR 391.21 and
 * 391.51(b)(1)): US Letter, the 391.21(b) items first, then every answer by step, the acknowledged
 * notices and, at the end, the certification and signature.
 */

export interface ApplicationPdfInput {
  readonly document: ApplicationDocument;
  readonly reference: string;
  readonly submittedAt: Date | string;
  readonly carrier: CarrierConfig;
  /** The SSN in full (the carrier's own copy) or masked to its last four digits (the applicant's emailed copy). */
  readonly ssn: 'masked' | 'full';
}

// Layout, in points (US Letter: 612 × 792).
const pageWidth = 612;
const pageHeight = 792;
const marginX = 54;
const marginTop = 54;
const marginBottom = 66;
const contentWidth = pageWidth - 2 * marginX;
const footerRuleY = 46;
const footerTextY = 30;

const size = { title: 24, part: 19, carrier: 13, section: 15, subsection: 12, body: 10.5, label: 10, footer: 9, typedSignature: 20 };
const lineHeight = 14.5;
const rowGap = 5;
const indentStep = 14;
/** Answered columns a list may have and still print as a table (more print as a block per entry). */
const maxTableColumns = 6;
const maxTableCellLines = 8;
/** A value longer than this many lines beside its label is printed under it, across the page. */
const stackedAfterLines = 10;
const signatureBox = { width: 220, height: 80 };

const color: Readonly<Record<'text' | 'muted' | 'accent' | 'rule' | 'hairline' | 'fill', RGB>> = {
  text: rgb(0.08, 0.08, 0.08),
  muted: rgb(0.3, 0.3, 0.3),
  accent: rgb(0.09, 0.24, 0.42),
  rule: rgb(0.6, 0.64, 0.7),
  hairline: rgb(0.86, 0.87, 0.89),
  fill: rgb(0.94, 0.95, 0.97),
};

interface Fonts {
  readonly regular: PDFFont;
  readonly bold: PDFFont;
}

interface FlowColumn {
  readonly lines: readonly string[];
  readonly x: number;
  readonly font: PDFFont;
  readonly size: number;
  readonly color: RGB;
}

interface Row {
  readonly label: string;
  readonly value: string;
}

/** Sequential layout with automatic page breaks; the footer is added once the page count is known. */
class Writer {
  readonly pages: PDFPage[] = [];
  private page!: PDFPage;
  private y = 0;
  /** Where this page's content starts (under a "continued" line). */
  private top = 0;
  private sectionTitle: string | null = null;
  /** What a new page says it continues ("Employer/Contract Information · Employer 1"). */
  private continued: string | null = null;

  constructor(
    private readonly pdf: PDFDocument,
    readonly fonts: Fonts,
  ) {
    this.newPage();
  }

  newPage(): void {
    this.page = this.pdf.addPage([pageWidth, pageHeight]);
    this.pages.push(this.page);
    this.y = pageHeight - marginTop;
    if (this.continued) {
      const text = wrapText(sanitizeText(`${this.continued} (continued)`), this.fonts.bold, size.label, contentWidth)[0] ?? '';
      this.drawLine(text, marginX, this.fonts.bold, size.label, color.muted);
      this.y -= lineHeight + 6;
    }
    this.top = this.y;
  }

  /** Names the entry being written (or none), for the top of a page it continues on. */
  continuing(entry: string | null): void {
    this.continued = entry && this.sectionTitle ? `${this.sectionTitle} · ${entry}` : this.sectionTitle;
  }

  private get atTop(): boolean {
    return this.y >= this.top;
  }

  private get remaining(): number {
    return this.y - marginBottom;
  }

  /** Starts a new page unless `height` fits on this one (or this page is still empty). */
  ensure(height: number): void {
    if (height > this.remaining && !this.atTop) this.newPage();
  }

  space(height: number): void {
    if (!this.atTop) this.y = Math.max(this.y - height, marginBottom);
  }

  private drawLine(text: string, x: number, font: PDFFont, fontSize: number, textColor: RGB, height = lineHeight): void {
    this.drawLines([text], x, font, fontSize, textColor, height);
  }

  /** Lines from the current position down, `height` apart, in one text object (the position does not move). */
  private drawLines(lines: readonly string[], x: number, font: PDFFont, fontSize: number, textColor: RGB, height = lineHeight): void {
    let last = lines.length;
    while (last > 0 && lines[last - 1] === '') last -= 1;
    if (last === 0) return;
    const text = lines.slice(0, last).join('\n');
    this.page.drawText(text, { x, y: this.y - height * 0.74, font, size: fontSize, color: textColor, lineHeight: height });
  }

  /** Side-by-side columns of lines, moving down; split across pages where they do not fit. */
  private flow(columns: readonly FlowColumn[], height: number): void {
    const count = Math.max(0, ...columns.map((column) => column.lines.length));
    let start = 0;
    while (start < count) {
      this.ensure(height);
      const end = Math.min(count, start + Math.max(1, Math.floor((this.remaining + 0.01) / height)));
      for (const column of columns) this.drawLines(column.lines.slice(start, end), column.x, column.font, column.size, column.color, height);
      this.y -= (end - start) * height;
      start = end;
    }
  }

  /** Wrapped text, broken across pages where needed. */
  paragraph(text: string, options: { font?: PDFFont; size?: number; color?: RGB; indent?: number; lineHeight?: number } = {}): void {
    const font = options.font ?? this.fonts.regular;
    const fontSize = options.size ?? size.body;
    const height = options.lineHeight ?? Math.max(lineHeight, fontSize * 1.32);
    const x = marginX + (options.indent ?? 0);
    const lines = wrapText(sanitizeText(text), font, fontSize, contentWidth - (options.indent ?? 0));
    this.ensure(Math.min(lines.length, 3) * height);
    this.flow([{ lines, x, font, size: fontSize, color: options.color ?? color.text }], height);
  }

  /** The first page's heading: the carrier (49 CFR 391.21(b)(1)) and the document's title. */
  title(carrier: CarrierConfig): void {
    const { regular, bold } = this.fonts;
    const { street, city, state, zip } = carrier.address;
    const lines: [string, PDFFont, number, RGB, number][] = [
      [carrier.legalName, bold, size.carrier, color.accent, 17],
      [`${street}, ${city}, ${state} ${zip}`, regular, size.label, color.muted, lineHeight],
      [`Hiring: ${carrier.hiringPhone}  ·  ${carrier.recruitingEmail}`, regular, size.label, color.muted, lineHeight],
    ];
    for (const [text, font, fontSize, textColor, height] of lines) {
      const wrapped = wrapText(sanitizeText(text), font, fontSize, contentWidth);
      this.drawLines(wrapped, marginX, font, fontSize, textColor, height);
      this.y -= wrapped.length * height;
    }
    this.y -= 12;
    this.drawLine('Application for Employment', marginX, bold, size.title, color.text, 30);
    this.y -= 30;
    this.drawLine('Commercial motor vehicle driver (49 CFR 391.21)', marginX, regular, size.subsection, color.muted, 17);
    this.y -= 17 + 12;
  }

  /** Label/value rows on a tinted panel (the first page's summary). */
  panel(rows: readonly Row[]): void {
    const padding = 10;
    const heights = rows.map((row) => this.rowHeight(row, { indent: padding, labelShare: 0.3, right: padding }));
    const total = heights.reduce((sum, height) => sum + height, 0) + 2 * padding - rowGap;
    this.ensure(total);
    this.page.drawRectangle({ x: marginX, y: this.y - total, width: contentWidth, height: total, color: color.fill });
    this.page.drawRectangle({ x: marginX, y: this.y - total, width: 3, height: total, color: color.accent });
    this.y -= padding;
    for (const row of rows) this.row(row, { indent: padding, labelShare: 0.3, rule: false, right: padding });
    this.y -= padding - rowGap;
  }

  /** The heading of one of the document's parts (the answers by step), with its introduction. */
  part(text: string, intro: string): void {
    this.sectionTitle = null;
    this.continued = null;
    this.space(24);
    this.ensure(30 + 2 * lineHeight + 24 + 8 + 3 * lineHeight);
    this.drawLine(sanitizeText(text), marginX, this.fonts.bold, size.part, color.text, 26);
    this.y -= 28;
    this.paragraph(intro, { color: color.muted });
  }

  /** A heading of the document's main parts, with a rule under it, kept with what follows. */
  section(text: string): void {
    this.sectionTitle = null;
    this.continued = null;
    this.space(18);
    this.ensure(24 + 8 + 3 * lineHeight);
    this.sectionTitle = text;
    this.continued = text;
    this.drawLine(sanitizeText(text), marginX, this.fonts.bold, size.section, color.accent, 20);
    this.y -= 22;
    this.page.drawLine({ start: { x: marginX, y: this.y }, end: { x: marginX + contentWidth, y: this.y }, thickness: 1.2, color: color.accent });
    this.y -= 9;
  }

  /** A heading inside a section (a 391.21(b) item, a list, a group), kept with what follows. */
  subheading(text: string, options: { indent?: number; size?: number; color?: RGB } = {}): void {
    const indent = options.indent ?? 0;
    const fontSize = options.size ?? size.subsection;
    const height = fontSize * 1.4;
    const lines = wrapText(sanitizeText(text), this.fonts.bold, fontSize, contentWidth - indent);
    this.space(6);
    this.ensure(lines.length * height + 2 * lineHeight + 4);
    this.drawLines(lines, marginX + indent, this.fonts.bold, fontSize, options.color ?? color.text, height);
    this.y -= lines.length * height + 2;
  }

  /** The label and value columns: values line up down the page whatever the label's indent. */
  private columns(indent: number, labelShare: number, right = 0): { labelX: number; labelWidth: number; valueX: number; valueWidth: number } {
    const gap = 14;
    const valueX = marginX + Math.round(contentWidth * labelShare) + gap;
    const labelX = marginX + indent;
    return { labelX, labelWidth: Math.max(valueX - gap - labelX, 60), valueX, valueWidth: marginX + contentWidth - right - valueX };
  }

  /**
   * The lines of a row: label and value side by side or, for a long value (a long explanation),
   * stacked: the label across the page, then the value across the page under it.
   */
  private rowLines(row: Row, indent: number, labelShare: number, right = 0): { label: string[]; value: string[]; stacked: boolean } {
    const { labelWidth, valueWidth } = this.columns(indent, labelShare, right);
    const label = sanitizeText(row.label);
    const labelText = label === '' || /[?:]$/.test(label) ? label : `${label}:`;
    const value = sanitizeText(row.value);
    const sideBySide = wrapText(value, this.fonts.regular, size.body, valueWidth);
    if (sideBySide.length <= stackedAfterLines) {
      return { label: wrapText(labelText, this.fonts.regular, size.label, labelWidth), value: sideBySide, stacked: false };
    }
    const width = contentWidth - indent - right;
    return { label: wrapText(labelText, this.fonts.regular, size.label, width), value: wrapText(value, this.fonts.regular, size.body, width), stacked: true };
  }

  /** The height `row` takes (with `row`'s options). */
  rowHeight(row: Row, options: { indent?: number; labelShare?: number; right?: number } = {}): number {
    const lines = this.rowLines(row, options.indent ?? 0, options.labelShare ?? 0.4, options.right);
    return (lines.stacked ? lines.label.length + lines.value.length : Math.max(lines.label.length, lines.value.length)) * lineHeight + rowGap;
  }

  /** Moves to a new page unless a block of `height` fits here; blocks taller than `limit` (half a page) may split. */
  keepTogether(height: number, limit = (pageHeight - marginTop - marginBottom) / 2): void {
    if (height <= limit) this.ensure(height);
  }

  /** The height of `text` as a paragraph. */
  paragraphHeight(text: string): number {
    return wrapText(sanitizeText(text), this.fonts.regular, size.body, contentWidth).length * lineHeight;
  }

  /** "Label: value", the label in a left column and the value beside it, both wrapped. */
  row(row: Row, options: { indent?: number; labelShare?: number; rule?: boolean; right?: number } = {}): void {
    const indent = options.indent ?? 0;
    const labelShare = options.labelShare ?? 0.4;
    const { labelX, valueX } = this.columns(indent, labelShare, options.right);
    const lines = this.rowLines(row, indent, labelShare, options.right);
    const label = { lines: lines.label, x: labelX, font: this.fonts.regular, size: size.label, color: color.muted };
    const value = { lines: lines.value, x: lines.stacked ? labelX : valueX, font: this.fonts.regular, size: size.body, color: color.text };
    const count = lines.stacked ? lines.label.length + lines.value.length : Math.max(lines.label.length, lines.value.length);
    const bodyHeight = pageHeight - marginTop - marginBottom;
    // A row that fits on a page is never split; a longer one (a long explanation) flows on.
    this.ensure(count * lineHeight + rowGap <= bodyHeight ? count * lineHeight + rowGap : (lines.label.length + 3) * lineHeight);
    if (lines.stacked) {
      this.flow([label], lineHeight);
      this.flow([value], lineHeight);
    } else this.flow([label, value], lineHeight);
    this.y -= rowGap;
    if (options.rule !== false) {
      const y = this.y + rowGap / 2;
      this.page.drawLine({ start: { x: labelX, y }, end: { x: marginX + contentWidth, y }, thickness: 0.5, color: color.hairline });
    }
  }

  /**
   * A table (a list whose entries have few answers): a header row, then a row per entry, the header
   * repeated after a page break. Returns false, drawing nothing, when the columns cannot fit.
   */
  table(headers: readonly string[], cells: readonly (readonly string[])[], indent: number): boolean {
    const { regular, bold } = this.fonts;
    const padding = 4;
    const width = contentWidth - indent;
    if (headers.length === 0 || headers.length > maxTableColumns + 1) return false;
    const headerTexts = headers.map((header) => sanitizeText(header));
    const cellTexts = cells.map((row) => row.map((cell) => sanitizeText(cell)));
    const minimum = headerTexts.map((header, column) =>
      Math.max(
        longestWordWidth(header, bold, size.label),
        ...cellTexts.map((row) => longestWordWidth(row[column] ?? '', regular, size.label)),
        40,
      ) + 2 * padding,
    );
    const natural = headerTexts.map((header, column) =>
      Math.max(
        textWidth(header.replace(/\n/g, ' '), bold, size.label),
        ...cellTexts.map((row) => textWidth((row[column] ?? '').replace(/\n/g, ' '), regular, size.label)),
      ) + 2 * padding,
    );
    const minimumTotal = minimum.reduce((sum, value) => sum + value, 0);
    if (minimumTotal > width) return false;
    const widths = columnWidths(natural, minimum, width);
    const wrap = (text: string, font: PDFFont, column: number) => wrapText(text, font, size.label, (widths[column] ?? 0) - 2 * padding);
    const headerLines = headerTexts.map((header, column) => wrap(header, bold, column));
    const rowLines = cellTexts.map((row) => headerTexts.map((_, column) => wrap(row[column] ?? '', regular, column)));
    if (rowLines.some((row) => row.some((lines) => lines.length > maxTableCellLines))) return false;

    const tableLineHeight = 13.5;
    const heightOf = (lines: readonly string[][]) => Math.max(...lines.map((cell) => cell.length)) * tableLineHeight + 2 * padding;
    const headerHeight = heightOf(headerLines);
    const drawRow = (lines: readonly string[][], font: PDFFont, fill: boolean) => {
      const height = heightOf(lines);
      let x = marginX + indent;
      if (fill) this.page.drawRectangle({ x, y: this.y - height, width, height, color: color.fill });
      const top = this.y;
      this.y = top - padding;
      lines.forEach((cell, column) => {
        this.drawLines(cell, x + padding, font, size.label, color.text, tableLineHeight);
        x += widths[column] ?? 0;
      });
      this.y = top - height;
      this.page.drawLine({ start: { x: marginX + indent, y: this.y }, end: { x: marginX + contentWidth, y: this.y }, thickness: fill ? 0.8 : 0.5, color: fill ? color.rule : color.hairline });
    };
    this.ensure(headerHeight + heightOf(rowLines[0] ?? headerLines));
    drawRow(headerLines, bold, true);
    for (const lines of rowLines) {
      const height = heightOf(lines);
      if (height > this.remaining) {
        this.newPage();
        drawRow(headerLines, bold, true);
      }
      drawRow(lines, regular, false);
    }
    this.y -= rowGap;
    return true;
  }

  /** The signature: the drawn image scaled into its box, or the typed name large. */
  signature(image: EmbeddedImage | null, typedName: string | null, note: string | null): void {
    const { regular } = this.fonts;
    const typedLines = typedName === null ? [] : wrapText(sanitizeText(typedName), regular, size.typedSignature, 360);
    const drawnHeight = image ? signatureBox.height : 0;
    const bodyHeight = image ? drawnHeight : typedLines.length > 0 ? typedLines.length * 26 : lineHeight;
    this.ensure(lineHeight + bodyHeight + 8 + lineHeight);
    this.drawLine(typedName === null ? 'Signature of applicant' : 'Typed signature', marginX, regular, size.label, color.muted);
    this.y -= lineHeight + 4;
    if (image) {
      // Scaled to fit the box, but a tiny image is not blown up into a blur.
      const scale = Math.min(signatureBox.width / Math.max(image.width, 1), signatureBox.height / Math.max(image.height, 1), 3);
      const width = Math.round(image.width * scale * 100) / 100;
      const height = Math.round(image.height * scale * 100) / 100;
      image.draw(this.page, { x: marginX, y: this.y - height, width, height });
      this.y -= height;
    } else if (typedLines.length > 0) {
      this.drawLines(typedLines, marginX, regular, size.typedSignature, color.text, 26);
      this.y -= typedLines.length * 26;
    } else {
      this.drawLine(sanitizeText(note ?? ''), marginX, regular, size.body, color.text);
      this.y -= lineHeight;
    }
    this.y -= 4;
    this.page.drawLine({ start: { x: marginX, y: this.y }, end: { x: marginX + 260, y: this.y }, thickness: 0.8, color: color.text });
    this.y -= 8;
  }

  footer(left: string): void {
    const { regular } = this.fonts;
    const total = this.pages.length;
    this.pages.forEach((page, index) => {
      const pageText = `Page ${index + 1} of ${total}`;
      const pageTextWidth = textWidth(pageText, regular, size.footer);
      const leftText = wrapText(sanitizeText(left).replace(/\n/g, ' '), regular, size.footer, contentWidth - pageTextWidth - 24)[0] ?? '';
      page.drawLine({ start: { x: marginX, y: footerRuleY }, end: { x: marginX + contentWidth, y: footerRuleY }, thickness: 0.5, color: color.rule });
      page.drawText(leftText, { x: marginX, y: footerTextY, font: regular, size: size.footer, color: color.muted });
      page.drawText(pageText, { x: marginX + contentWidth - pageTextWidth, y: footerTextY, font: regular, size: size.footer, color: color.muted });
    });
  }
}

/**
 * Table column widths filling `width` (as a browser's automatic table layout would): a column that
 * fits in its share gets its natural width, the others share what is left by their natural widths,
 * never narrower than their longest word.
 */
function columnWidths(natural: readonly number[], minimum: readonly number[], width: number): number[] {
  const naturalTotal = natural.reduce((sum, value) => sum + value, 0);
  if (naturalTotal <= width) return natural.map((value) => (value * width) / naturalTotal);
  const widths: (number | undefined)[] = natural.map(() => undefined);
  let remaining = width;
  for (;;) {
    const open = widths.map((value, column) => (value === undefined ? column : -1)).filter((column) => column >= 0);
    if (open.length === 0) break;
    const share = remaining / open.length;
    const fitting = open.filter((column) => (natural[column] ?? 0) <= share);
    if (fitting.length > 0) {
      for (const column of fitting) {
        widths[column] = natural[column] ?? 0;
        remaining -= natural[column] ?? 0;
      }
      continue;
    }
    const openNatural = open.reduce((sum, column) => sum + (natural[column] ?? 0), 0);
    const tooNarrow = open.filter((column) => (remaining * (natural[column] ?? 0)) / openNatural < (minimum[column] ?? 0));
    if (tooNarrow.length > 0) {
      for (const column of tooNarrow) {
        widths[column] = minimum[column] ?? 0;
        remaining -= minimum[column] ?? 0;
      }
      continue;
    }
    for (const column of open) widths[column] = (remaining * (natural[column] ?? 0)) / openNatural;
  }
  const result = widths.map((value) => value ?? 0);
  if (result.every((value) => value > 0)) return result;
  const minimumTotal = minimum.reduce((sum, value) => sum + value, 0);
  return minimum.map((value) => (value * width) / minimumTotal);
}

// ---------------------------------------------------------------------------------------------
// Reading the stored document


function findField(nodes: readonly FieldNode[], name: string): AnswerField | undefined {
  for (const node of nodes) {
    if (node.kind === 'group') {
      const found = findField(node.fields, name);
      if (found) return found;
    }
    if (!isAnswerField(node)) continue;
    if (node.name === name) return node;
    for (const reveal of revealsOf(node)) {
      const found = findField(reveal.fields, name);
      if (found) return found;
    }
  }
  return undefined;
}

function findList(nodes: readonly FieldNode[], name: string): ListNode | undefined {
  for (const node of nodes) {
    if (node.kind === 'list' && node.name === name) return node;
    const children = node.kind === 'group' ? node.fields : revealsOf(node).flatMap((reveal) => reveal.fields);
    const found = findList(children, name);
    if (found) return found;
  }
  return undefined;
}

type Values = Readonly<Record<string, unknown>>;

/** Reads one step's document: answers formatted as on the screens (option labels, dates, the SSN masked or not). */
class StepReader {
  readonly values: Values;

  constructor(
    private readonly nodes: readonly FieldNode[],
    values: unknown,
    private readonly options: SummaryOptions,
  ) {
    this.values = isPlainObject(values) ? values : {};
  }

  static of(document: ApplicationDocument, step: StepId, options: SummaryOptions): StepReader {
    const form = answerForms.find((candidate) => candidate.step === step);
    return new StepReader(form?.fields ?? [], document.answers[step], options);
  }

  raw(name: string): string | undefined {
    const value = this.values[name];
    return typeof value === 'string' && value.trim() !== '' ? value : undefined;
  }

  /** The formatted answer, or undefined when there is none. */
  get(name: string): string | undefined {
    const value = this.values[name];
    if (value === undefined || value === '' || (Array.isArray(value) && value.length === 0)) return undefined;
    if (typeof value !== 'string' && !(Array.isArray(value) && value.every((item) => typeof item === 'string'))) return undefined;
    const field = findField(this.nodes, name);
    return field ? formatAnswer(field, value as AnswerValue, this.options) : Array.isArray(value) ? value.join(', ') : (value as string);
  }

  text(name: string, fallback = 'Not answered'): string {
    return this.get(name) ?? fallback;
  }

  entries(list: string): StepReader[] {
    const value = this.values[list];
    const node = findList(this.nodes, list);
    if (!Array.isArray(value)) return [];
    return value.filter(isPlainObject).map((entry) => new StepReader(node?.fields ?? [], entry, this.options));
  }

  address(names: { street: readonly string[]; city: string; state: string; zip: string; country?: string }): string {
    const country = names.country ? this.raw(names.country) : undefined;
    const parts = [
      ...names.street.map((name) => this.get(name)),
      this.get(names.city),
      [this.get(names.state), this.get(names.zip)].filter(Boolean).join(' '),
      country && country !== 'US' ? this.get(names.country ?? '') : undefined,
    ];
    return parts.filter((part) => part !== undefined && part !== '').join(', ') || 'Not answered';
  }
}

function joinParts(parts: readonly (string | undefined | false)[], separator = ', '): string {
  return parts.filter((part): part is string => typeof part === 'string' && part !== '').join(separator);
}

function period(reader: StepReader, start: string, end: string): string | undefined {
  const from = reader.get(start);
  const to = reader.get(end);
  return from || to ? `${from ?? '?'} to ${to ?? '?'}` : undefined;
}

function toDate(value: Date | string): Date | null {
  const date = value instanceof Date ? value : new Date(value);
  return Number.isNaN(date.getTime()) ? null : date;
}

/** An ISO time as "15 July 2024, 14:30 UTC" (the raw text when it is not a time). */
export function formatDateTime(value: Date | string): string {
  const date = toDate(value);
  if (!date) return String(value);
  const iso = date.toISOString();
  return `${formatDate(iso.slice(0, 10))}, ${iso.slice(11, 16)} UTC`;
}

// ---------------------------------------------------------------------------------------------
// The document

/** The 49 CFR 391.21(b) items, in the regulation's order. */
export const regulationItems = [
  '(1) Motor carrier’s name and address',
  '(2) Applicant’s name, address, date of birth and Social Security Number',
  '(3) Addresses during the 3 years preceding the application',
  '(4) Date of application',
  '(5) Motor vehicle operator’s licences: issuing state, number and expiration date',
  '(6) Nature and extent of driving experience, and equipment operated',
  '(7) Motor vehicle accidents during the preceding 3 years',
  '(8) Traffic convictions and forfeitures during the preceding 3 years',
  '(9) Denial, revocation or suspension of any licence, permit or privilege',
  '(10) Employers during the preceding 3 years',
  '(11) Commercial motor vehicle employers during the 7 years before those 3',
  '(12) Certification and signature',
] as const;

function applicantName(personal: StepReader): string {
  return joinParts([personal.raw('first-name'), personal.raw('middle-name'), personal.raw('last-name'), personal.get('suffix')], ' ') || 'Applicant';
}

function regulationRows(input: ApplicationPdfInput, options: SummaryOptions): Row[][] {
  const { document, carrier } = input;
  const read = (step: StepId) => StepReader.of(document, step, options);
  const personal = read('personal');
  const general = read('general');
  const license = read('license');
  const record = read('record');
  const accidents = read('accidents');
  const violations = read('violations');
  const employed = read('employed');
  const submitted = toDate(input.submittedAt);
  const homeAddress = personal.address({ street: ['address-line-1', 'address-line-2'], city: 'city', state: 'state', zip: 'zip' });

  const carrierRows: Row[] = [
    { label: 'Motor carrier', value: carrier.legalName },
    { label: 'Address', value: `${carrier.address.street}, ${carrier.address.city}, ${carrier.address.state} ${carrier.address.zip}` },
  ];

  const applicantRows: Row[] = [
    { label: 'Name', value: applicantName(personal) },
    { label: 'Address', value: homeAddress },
    { label: 'Date of birth', value: personal.text('date-of-birth') },
    { label: 'Social Security Number', value: personal.text('ssn') },
  ];

  const addressRows: Row[] = [
    { label: 'Current address', value: homeAddress },
    { label: 'Lived at the current address for 3 years or more', value: personal.text('lived-three-years') },
    ...personal.entries('previous-addresses').map((entry, index) => ({
      label: `Previous address ${index + 1}`,
      value: joinParts([entry.address({ street: ['street'], city: 'city', state: 'state', zip: 'zip' }), period(entry, 'from', 'to')], '\n'),
    })),
  ];

  const dateRows: Row[] = [
    {
      label: 'Date of application',
      value: submitted ? `${formatDate(submitted.toISOString().slice(0, 10))} (submitted at ${submitted.toISOString().slice(11, 16)} UTC)` : String(input.submittedAt),
    },
  ];

  const licence = (reader: StepReader, names: { state: string; number: string; expiration: string; class: string }) =>
    joinParts([
      reader.get(names.state) ? `Issued by ${reader.get(names.state)}` : undefined,
      reader.get(names.number) ? `number ${reader.get(names.number)}` : undefined,
      reader.get(names.expiration) ? `expires ${reader.get(names.expiration)}` : undefined,
      reader.get(names.class) ? `class ${reader.get(names.class)}` : undefined,
    ]) || 'Not answered';
  const licenceRows: Row[] = [
    {
      label: 'Current licence',
      value: joinParts(
        [
          licence(license, { state: 'license-state', number: 'license-number', expiration: 'license-expiration-date', class: 'license-class' }),
          license.get('is-commercial-license') ? `Commercial driver’s licence (CDL): ${license.get('is-commercial-license')}` : undefined,
          license.get('is-current-license') ? `Current: ${license.get('is-current-license')}` : undefined,
        ],
        '\n',
      ),
    },
    { label: 'Other licences held in the last 3 years', value: license.text('other-licenses') },
    ...license.entries('previous-licenses').map((entry, index) => ({
      label: `Other licence ${index + 1}`,
      value: licence(entry, { state: 'state', number: 'number', expiration: 'expiration-date', class: 'class' }),
    })),
  ];

  const experienceNames = [
    'current-commercial-driving-experience',
    'preferred-equipment',
    'months-otr-experience',
    'months-otr-experience-3',
    'commercial-miles',
    'class-a-positions',
  ];
  const experienceRows: Row[] = experienceNames.map((name) => ({ label: findField(generalForm().fields, name)?.label ?? name, value: general.text(name) }));
  const trailerField = findField(generalForm().fields, 'trailer-hauling-experience');
  const trailerTypes = trailerField
    ? revealsOf(trailerField)
        .flatMap((reveal) => reveal.fields)
        .flatMap((node) => (node.kind === 'group' ? node.fields : [node]))
        .filter((node): node is AnswerField => isAnswerField(node) && general.raw(node.name) === 'yes')
        .map((node) => node.label)
    : [];
  experienceRows.push({
    label: 'Trailer hauling experience',
    value: general.raw('trailer-hauling-experience') === 'yes' ? `Yes: ${trailerTypes.join(', ') || 'types not given'}` : general.text('trailer-hauling-experience'),
  });

  const accidentEntries = accidents.entries('accidents');
  const accidentRows: Row[] =
    accidentEntries.length === 0
      ? [{ label: 'Accidents in the last 5 years', value: accidents.raw('had-accidents') === 'no' ? 'None' : accidents.text('had-accidents') }]
      : accidentEntries.map((entry, index) => ({
          label: `Accident ${index + 1}`,
          value: joinParts(
            [
              joinParts([entry.get('accident-date'), joinParts([entry.get('city'), entry.get('state')])], ', '),
              entry.get('type') && `Fatalities or injuries: ${entry.raw('type') === 'Non-Injury' ? 'none (non-injury accident)' : entry.get('type')}`,
              joinParts(
                [
                  entry.get('commercial-vehicle') && `Commercial vehicle: ${entry.get('commercial-vehicle')}`,
                  entry.get('dot-recordable') && `DOT recordable: ${entry.get('dot-recordable')}`,
                  entry.get('at-fault') && `At fault: ${entry.get('at-fault')}`,
                  entry.get('ticketed') && `Ticketed: ${entry.get('ticketed')}`,
                  entry.get('hazmat') && `Hazardous materials: ${entry.get('hazmat')}`,
                  entry.get('towed-away') && `Towed away: ${entry.get('towed-away')}`,
                ],
                '; ',
              ),
              entry.get('details') && `Details: ${entry.get('details')}`,
            ],
            '\n',
          ),
        }));

  const violationEntries = violations.entries('violations');
  const violationRows: Row[] =
    violationEntries.length === 0
      ? [{ label: 'Moving violations in the past 3 years', value: violations.raw('had-violations') === 'no' ? 'None' : violations.text('had-violations') }]
      : violationEntries.map((entry, index) => ({
          label: `Violation ${index + 1}`,
          value: joinParts(
            [
              joinParts([entry.get('violation-date'), entry.get('charge')], ': '),
              joinParts([
                entry.get('state'),
                entry.get('commercial-vehicle') && `commercial vehicle: ${entry.get('commercial-vehicle')}`,
              ]),
              joinParts([entry.get('penalties') && `Penalties: ${entry.get('penalties')}`, entry.get('fine-amount') && `fine: ${entry.get('fine-amount')}`], '; '),
              entry.get('details') && `Details: ${entry.get('details')}`,
            ],
            '\n',
          ),
        }));

  const denied = record.raw('license-denied');
  const denialRows: Row[] = [
    {
      label: 'Ever denied a licence, permit or privilege, or had one suspended or revoked',
      value: denied === 'no' ? 'No: no denial, revocation or suspension has occurred' : record.text('license-denied'),
    },
    ...(denied === 'yes'
      ? [
          { label: 'Month and year', value: record.text('license-denied-date') },
          { label: 'Facts and circumstances', value: record.text('license-denied-explanation') },
        ]
      : []),
  ];

  const employerEntries = employed.entries('employers');
  const employerRows: Row[] =
    employerEntries.length === 0
      ? [{ label: 'Employers in the last 10 years', value: employed.raw('employed-last-10-years') === 'no' ? 'None' : employed.text('employed-last-10-years') }]
      : employerEntries.map((entry, index) => ({
          label: `Employer ${index + 1}`,
          value: joinParts(
            [
              entry.text('company-name'),
              entry.address({ street: ['address-line-1', 'address-line-2'], city: 'city', state: 'state', zip: 'zip', country: 'country' }),
              period(entry, 'start-date', 'end-date') && `Employed ${period(entry, 'start-date', 'end-date')}`,
              `Reason for leaving: ${entry.text('reason-for-leaving')}`,
              `Operated a commercial motor vehicle: ${entry.text('operated-cmv')}`,
              entry.get('subject-to-fmcsr') && `Subject to the FMCSRs: ${entry.get('subject-to-fmcsr')}`,
              entry.get('safety-sensitive') && `Safety-sensitive, subject to DOT drug and alcohol testing: ${entry.get('safety-sensitive')}`,
            ],
            '\n',
          ),
        }));

  const signedAt = document.signature?.signedAt;
  return [
    carrierRows,
    applicantRows,
    addressRows,
    dateRows,
    licenceRows,
    experienceRows,
    [{ label: 'Period asked', value: 'The application asks for every accident in the last 5 years; all are listed.' }, ...accidentRows],
    violationRows,
    denialRows,
    [
      {
        label: 'Period asked',
        value: 'The application asks for every employer in the last 10 years (with whether the applicant drove a commercial motor vehicle); all are listed.',
      },
      ...employerRows,
    ],
    [
      {
        label: 'Covered by item (10)',
        value: 'Item (10) lists every employer in the 10 years preceding the application, each marked with whether the applicant operated a commercial motor vehicle there.',
      },
    ],
    [
      { label: 'Certification', value: 'Signed by the applicant: see “Certification and signature” at the end of this application.' },
      { label: 'Signature', value: document.signature?.method === 'typed' ? `Typed: ${document.signature.name}` : 'Drawn' },
      { label: 'Date signed', value: signedAt ? formatDateTime(signedAt) : 'Not signed' },
    ],
  ];
}

function generalForm(): StepForm {
  return answerForms.find((form) => form.step === 'general') ?? { step: 'general', fields: [] };
}

function answerRows(items: readonly SummaryItem[]): SummaryRow[] {
  return items.flatMap((item) => (item.kind === 'answer' ? [item] : item.kind === 'group' ? answerRows(item.rows) : []));
}

function writeList(writer: Writer, list: SummaryList, indent: number): void {
  if (list.entries.length === 0) {
    writer.row({ label: list.label, value: 'None' }, { indent });
    return;
  }
  writer.subheading(list.label, { indent, size: size.body + 1 });
  const flat = !list.entries.some((entry) => entry.rows.some((row) => row.kind === 'list'));
  if (flat) {
    const columns: { name: string; label: string }[] = [];
    for (const entry of list.entries) {
      for (const row of answerRows(entry.rows)) if (!columns.some((column) => column.name === row.name)) columns.push({ name: row.name, label: row.label });
    }
    const cells = list.entries.map((entry) => {
      const rows = answerRows(entry.rows);
      return columns.map((column) => rows.find((row) => row.name === column.name)?.value ?? '—');
    });
    if (writer.table(['#', ...columns.map((column) => column.label)], cells.map((row, index) => [String(index + 1), ...row]), indent)) return;
  }
  for (const entry of list.entries) {
    writer.continuing(null);
    writer.subheading(entry.label, { indent: indent + indentStep, size: size.body, color: color.accent });
    writer.continuing(entry.label);
    writeItems(writer, entry.rows, indent + indentStep);
  }
  writer.continuing(null);
}

function writeItems(writer: Writer, items: readonly SummaryItem[], indent: number): void {
  for (const item of items) {
    if (item.kind === 'answer') writer.row({ label: item.label, value: item.value }, { indent });
    else if (item.kind === 'group') {
      writer.subheading(item.label, { indent, size: size.body + 0.5, color: color.muted });
      writeItems(writer, item.rows, indent + indentStep);
    } else writeList(writer, item, indent);
  }
}

// ---------------------------------------------------------------------------------------------
// The drawn signature

/** An image embedded in the document, drawn into a box on a page. */
interface EmbeddedImage {
  readonly width: number;
  readonly height: number;
  draw(page: PDFPage, box: { x: number; y: number; width: number; height: number }): void;
}

/** Larger images are refused (a signature pad's canvas is well under a million pixels). */
const maxSignaturePixels = 8_000_000;

interface Png {
  readonly width: number;
  readonly height: number;
  readonly bitDepth: number;
  readonly colorType: number;
  readonly interlace: number;
  readonly palette: Uint8Array | null;
  readonly transparency: Uint8Array | null;
  readonly data: Uint8Array;
}

function readPng(bytes: Uint8Array): Png {
  const signature = [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a];
  if (bytes.length < 8 || signature.some((byte, index) => bytes[index] !== byte)) throw new Error('Not a PNG image');
  const view = new DataView(bytes.buffer, bytes.byteOffset, bytes.byteLength);
  const idat: Uint8Array[] = [];
  let header: DataView | null = null;
  let palette: Uint8Array | null = null;
  let transparency: Uint8Array | null = null;
  for (let offset = 8; offset + 8 <= bytes.length; ) {
    const length = view.getUint32(offset);
    const type = String.fromCharCode(...bytes.subarray(offset + 4, offset + 8));
    const start = offset + 8;
    if (start + length > bytes.length) throw new Error('Truncated PNG image');
    const data = bytes.subarray(start, start + length);
    if (type === 'IHDR') header = new DataView(data.buffer, data.byteOffset, data.byteLength);
    else if (type === 'PLTE') palette = data;
    else if (type === 'tRNS') transparency = data;
    else if (type === 'IDAT') idat.push(data);
    else if (type === 'IEND') break;
    offset = start + length + 4;
  }
  if (!header || header.byteLength < 13 || idat.length === 0) throw new Error('Incomplete PNG image');
  const width = header.getUint32(0);
  const height = header.getUint32(4);
  if (width === 0 || height === 0 || width * height > maxSignaturePixels) throw new Error('PNG image too large');
  return {
    width,
    height,
    bitDepth: header.getUint8(8),
    colorType: header.getUint8(9),
    interlace: header.getUint8(12),
    palette,
    transparency,
    data: idat.length === 1 ? (idat[0] as Uint8Array) : Buffer.concat(idat),
  };
}

/**
 * The pixels of an 8-bit, non-interlaced PNG (what a canvas's `toDataURL` gives) flattened onto
 * white, as RGB: a signature printed on white paper needs no transparency. Native zlib makes this
 * much faster than pdf-lib's pure-JavaScript PNG embedding. Null for other PNGs.
 */
function pngOnWhite(png: Png): Uint8Array | null {
  const channels = ({ 0: 1, 2: 3, 3: 1, 4: 2, 6: 4 } as Record<number, number>)[png.colorType];
  if (png.bitDepth !== 8 || png.interlace !== 0 || channels === undefined) return null;
  if (png.transparency && (png.colorType === 0 || png.colorType === 2)) return null;
  if (png.colorType === 3 && !png.palette) return null;
  const { width, height } = png;
  const stride = width * channels;
  const filtered = inflateSync(png.data, { maxOutputLength: height * (stride + 1) });
  if (filtered.length < height * (stride + 1)) throw new Error('Truncated PNG image data');

  const pixels = new Uint8Array(height * stride);
  for (let y = 0; y < height; y += 1) {
    const filter = filtered[y * (stride + 1)];
    const source = y * (stride + 1) + 1;
    const row = y * stride;
    const previous = row - stride;
    const raw = (x: number) => filtered[source + x] as number;
    const left = (x: number) => (x >= channels ? (pixels[row + x - channels] as number) : 0);
    const up = (x: number) => (y > 0 ? (pixels[previous + x] as number) : 0);
    if (filter === 0) pixels.set(filtered.subarray(source, source + stride), row);
    else if (filter === 1) for (let x = 0; x < stride; x += 1) pixels[row + x] = raw(x) + left(x);
    else if (filter === 2) for (let x = 0; x < stride; x += 1) pixels[row + x] = raw(x) + up(x);
    else if (filter === 3) for (let x = 0; x < stride; x += 1) pixels[row + x] = raw(x) + ((left(x) + up(x)) >> 1);
    else if (filter === 4) {
      for (let x = 0; x < stride; x += 1) {
        const a = left(x);
        const b = up(x);
        const c = y > 0 && x >= channels ? (pixels[previous + x - channels] as number) : 0;
        const toA = Math.abs(b - c);
        const toB = Math.abs(a - c);
        const toC = Math.abs(a + b - 2 * c);
        pixels[row + x] = raw(x) + (toA <= toB && toA <= toC ? a : toB <= toC ? b : c);
      }
    } else throw new Error('Invalid PNG filter');
  }

  const rgbPixels = new Uint8Array(width * height * 3);
  const onWhite = (value: number, alpha: number) => Math.round((value * alpha + 255 * (255 - alpha)) / 255);
  for (let pixel = 0, source = 0, target = 0; pixel < width * height; pixel += 1, source += channels, target += 3) {
    let red: number;
    let green: number;
    let blue: number;
    let alpha = 255;
    if (png.colorType === 3) {
      const index = pixels[source] as number;
      red = png.palette?.[index * 3] ?? 0;
      green = png.palette?.[index * 3 + 1] ?? 0;
      blue = png.palette?.[index * 3 + 2] ?? 0;
      alpha = png.transparency?.[index] ?? 255;
    } else if (png.colorType === 0 || png.colorType === 4) {
      red = green = blue = pixels[source] as number;
      if (png.colorType === 4) alpha = pixels[source + 1] as number;
    } else {
      red = pixels[source] as number;
      green = pixels[source + 1] as number;
      blue = pixels[source + 2] as number;
      if (png.colorType === 6) alpha = pixels[source + 3] as number;
    }
    rgbPixels[target] = alpha === 255 ? red : onWhite(red, alpha);
    rgbPixels[target + 1] = alpha === 255 ? green : onWhite(green, alpha);
    rgbPixels[target + 2] = alpha === 255 ? blue : onWhite(blue, alpha);
  }
  return rgbPixels;
}

/** The drawn signature (a PNG data URL) embedded, or null when it cannot be read. */
async function embedSignature(pdf: PDFDocument, dataUrl: string): Promise<EmbeddedImage | null> {
  try {
    const match = /^data:image\/png;base64,([A-Za-z0-9+/]+=*)$/.exec(dataUrl);
    if (!match?.[1]) return null;
    const bytes = Buffer.from(match[1], 'base64');
    const png = readPng(bytes);
    const pixels = pngOnWhite(png);
    if (!pixels) {
      // An unusual PNG (16-bit, interlaced, colour key): pdf-lib's slower, complete embedding.
      const image = await pdf.embedPng(bytes);
      return { width: image.width, height: image.height, draw: (page, box) => page.drawImage(image, box) };
    }
    const ref = pdf.context.register(
      pdf.context.stream(deflateSync(pixels), {
        Type: 'XObject',
        Subtype: 'Image',
        Width: png.width,
        Height: png.height,
        ColorSpace: 'DeviceRGB',
        BitsPerComponent: 8,
        Filter: 'FlateDecode',
      }),
    );
    return {
      width: png.width,
      height: png.height,
      draw(page, box) {
        const name = page.node.newXObject('Image', ref);
        page.pushOperators(pushGraphicsState(), concatTransformationMatrix(box.width, 0, 0, box.height, box.x, box.y), drawObject(name), popGraphicsState());
      },
    };
  } catch {
    return null;
  }
}

/** The application as a PDF (US Letter), ready to file in the driver qualification file or email. */
export async function renderApplicationPdf(input: ApplicationPdfInput): Promise<Uint8Array> {
  const { document, carrier, reference } = input;
  const options: SummaryOptions = { revealSsn: input.ssn === 'full' };
  const pdf = await PDFDocument.create();
  const fonts: Fonts = { regular: await pdf.embedFont(StandardFonts.Helvetica), bold: await pdf.embedFont(StandardFonts.HelveticaBold) };
  const personal = StepReader.of(document, 'personal', options);
  const name = applicantName(personal);
  const submitted = toDate(input.submittedAt);

  pdf.setTitle(`Application for Employment: ${name} (${reference})`);
  pdf.setSubject(`Application for employment as a driver with ${carrier.legalName}, reference ${reference}`);
  pdf.setAuthor(name);
  pdf.setCreator(carrier.legalName);
  pdf.setLanguage('en-US');

  const writer = new Writer(pdf, fonts);
  writer.title(carrier);
  writer.panel([
    { label: 'Applicant', value: name },
    { label: 'Reference number', value: reference },
    { label: 'Date of application', value: submitted ? formatDateTime(submitted) : String(input.submittedAt) },
  ]);

  writer.section('49 CFR 391.21(b) information');
  writer.paragraph('Each item the regulation requires, in its order, drawn from the applicant’s answers. The complete answers follow by step.', {
    color: color.muted,
  });
  writer.space(4);
  regulationRows(input, options).forEach((rows, index) => {
    writer.keepTogether(30 + rows.reduce((sum, row) => sum + writer.rowHeight(row, { indent: indentStep }), 0));
    writer.subheading(regulationItems[index] ?? '');
    for (const row of rows) writer.row(row, { indent: indentStep });
  });

  writer.part('Answers by step', 'Every answer the applicant gave, step by step, in the order of the application.');
  for (const form of answerForms) {
    writer.section(getStep(form.step).heading);
    writeItems(writer, summarizeDocumentStep(form, document.answers[form.step], options), 0);
  }

  writer.section('Notices acknowledged');
  writer.paragraph('The applicant read and acknowledged each notice below before signing. Times are UTC.', { color: color.muted });
  writer.space(6);
  for (const notice of noticeSteps) {
    const at = document.acknowledgements?.[notice.id];
    writer.row({ label: notice.heading, value: at ? `Acknowledged on ${formatDateTime(at)}` : 'Not acknowledged' }, { labelShare: 0.55 });
  }

  // 49 CFR 391.21(b)(12): the certification and signature at the end of the application.
  const signature = document.signature;
  const image = signature?.method === 'drawn' ? await embedSignature(pdf, signature.image) : null;
  const signatureRows: Row[] = [
    { label: 'Applicant', value: name },
    { label: 'Signed on', value: signature?.signedAt ? formatDateTime(signature.signedAt) : 'Not signed' },
    { label: 'Signature method', value: signature?.method === 'typed' ? 'Typed full legal name' : 'Drawn on screen' },
  ];
  writer.keepTogether(
    60 + writer.paragraphHeight(certificationStatement) + writer.paragraphHeight(signatureScopeStatement) + 20 + 140 +
      signatureRows.reduce((sum, row) => sum + writer.rowHeight(row, { labelShare: 0.25 }), 0),
    pageHeight - marginTop - marginBottom,
  );
  writer.section('Certification and signature');
  writer.paragraph(certificationStatement);
  writer.space(6);
  writer.paragraph(signatureScopeStatement);
  writer.space(14);
  writer.signature(
    image,
    signature?.method === 'typed' ? signature.name : null,
    signature?.method === 'drawn' ? '[The drawn signature image could not be read]' : '[Not signed]',
  );
  for (const row of signatureRows) writer.row(row, { labelShare: 0.25 });

  writer.footer(`Reference ${reference}  ·  ${name}  ·  ${carrier.name}`);
  return pdf.save({ useObjectStreams: false });
}
