/** Whether this browser has a month picker (decision 16: a plain MM/YYYY field where it has none). */
export function supportsMonthInput(): boolean {
  if (typeof document === 'undefined') return true;
  const input = document.createElement('input');
  input.setAttribute('type', 'month');
  return input.type === 'month';
}

/** 'YYYY-MM' → 'MM/YYYY' for the text fallback. */
export function monthToText(value: string): string {
  const match = /^(\d{4})-(\d{2})$/.exec(value);
  return match ? `${match[2]}/${match[1]}` : value;
}

/** 'MM/YYYY' (or 'M/YYYY') typed in the fallback → 'YYYY-MM'; anything else is kept as typed. */
export function textToMonth(text: string): string {
  const match = /^\s*(\d{1,2})\s*[/.-]\s*(\d{4})\s*$/.exec(text);
  return match ? `${match[2]}-${(match[1] ?? '').padStart(2, '0')}` : text;
}
