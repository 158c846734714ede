/** Escapes text for HTML element content and double- or single-quoted attribute values. */
export function escapeHtml(value: string): string {
  return value
    .replace(/&/g, '&amp;')
    .replace(/</g, '&lt;')
    .replace(/>/g, '&gt;')
    .replace(/"/g, '&quot;')
    .replace(/'/g, '&#39;');
}

/** A `tel:` URI for a phone number as people write it: `(540) 555-0142` → `tel:5405550142`. */
export function telUri(phone: string): string {
  return `tel:${phone.replace(/[^0-9+]/g, '')}`;
}

/**
 * `July 1, 2024 at 2:30 PM EDT`: the moment in US English, in the given IANA time zone (the
 * server's own when not given).
 */
const mailDateFormats = new Map<string, Intl.DateTimeFormat>();

export function formatMailDate(date: Date, timeZone?: string): string {
  // A formatter is costly to build (about 0.2 ms): one per time zone, kept.
  const key = timeZone ?? '';
  let format = mailDateFormats.get(key);
  if (!format) {
    format = new Intl.DateTimeFormat('en-US', {
      year: 'numeric',
      month: 'long',
      day: 'numeric',
      hour: 'numeric',
      minute: '2-digit',
      timeZoneName: 'short',
      ...(timeZone ? { timeZone } : {}),
    });
    mailDateFormats.set(key, format);
  }
  return format.format(date);
}

/** An email's HTML document: `title` (text) and `body` (HTML, already escaped) in the house style. */
export function emailDocument(title: string, body: string): string {
  return `<!doctype html>
<html lang="en">
<head>
<meta charset="utf-8">
<title>${escapeHtml(title)}</title>
</head>
<body style="font-family: Arial, Helvetica, sans-serif; font-size: 16px; line-height: 1.5; color: #1a1a1a;">
${body}
</body>
</html>
`;
}
