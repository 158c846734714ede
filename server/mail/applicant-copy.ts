import type { CarrierConfig } from '../../config/carrier-config.ts';
import { emailDocument, escapeHtml, formatMailDate, telUri } from './html.ts';
import type { MailMessage } from './mail-transport.ts';

export interface ApplicantCopyInput {
  /** The applicant's email address, as given with "Send me a copy". */
  to: string;
  /** The application's reference (`BRF-…`). */
  reference: string;
  carrier: CarrierConfig;
  /** The application PDF, already rendered with the SSN masked to its last four digits. */
  pdf: Uint8Array;
  submittedAt: Date;
  /** IANA time zone the submission time is shown in; the server's own when not given. */
  timeZone?: string | undefined;
}

const singleAddress = /^[^\s@<>,;:"()[\]\\]+@[^\s@<>,;:"()[\]\\]+$/;

/** The attachment's file name: `application-BRF-7Q4K2M9X.pdf`. */
export function applicantCopyFileName(reference: string): string {
  return `application-${reference.replace(/[^A-Za-z0-9_-]/g, '_')}.pdf`;
}

/**
 * "Send me a copy" (decision 24): the applicant's copy of the application, the PDF attached. The
 * body carries only the reference, the date and the carrier's contact details: never the SSN, the
 * date of birth or any other answer (the PDF shows the SSN masked to its last four digits).
 */
export function applicantCopyMessage({ to, reference, carrier, pdf, submittedAt, timeZone }: ApplicantCopyInput): MailMessage {
  // One plain address: nodemailer would read `a@x.com, b@y.com` as two recipients.
  if (!singleAddress.test(to)) throw new Error('The applicant copy needs exactly one plain email address.');
  const date = formatMailDate(submittedAt, timeZone);
  const fileName = applicantCopyFileName(reference);
  const { address } = carrier;

  const text = [
    `Thank you for applying to ${carrier.name}.`,
    '',
    `We received your application on ${date}.`,
    `Your reference number is ${reference}. Please quote it when you contact us.`,
    '',
    // One line per paragraph: mail clients wrap it to the window.
    `Your copy of the application is attached as a PDF (${fileName}). For your security, your Social Security number is masked in it: only its last four digits are shown. The PDF still holds personal information, so please keep it somewhere safe.`,
    '',
    `Questions? Call our hiring line at ${carrier.hiringPhone}.`,
    '',
    carrier.legalName,
    address.street,
    `${address.city}, ${address.state} ${address.zip}`,
    '',
  ].join('\n');

  const e = escapeHtml;
  const html = emailDocument(
    `Your application to ${carrier.name}`,
    `<p>Thank you for applying to ${e(carrier.name)}.</p>
<p>We received your application on ${e(date)}.<br>
Your reference number is <strong>${e(reference)}</strong>. Please quote it when you contact us.</p>
<p>Your copy of the application is attached as a PDF (${e(fileName)}). For your security, your Social Security number is masked in it: only its last four digits are shown. The PDF still holds personal information, so please keep it somewhere safe.</p>
<p>Questions? Call our hiring line at <a href="${e(telUri(carrier.hiringPhone))}">${e(carrier.hiringPhone)}</a>.</p>
<p>${e(carrier.legalName)}<br>
${e(address.street)}<br>
${e(address.city)}, ${e(address.state)} ${e(address.zip)}</p>`,
  );

  return {
    // An address object, so that nodemailer quotes or encodes the display name whatever it holds.
    from: { name: `${carrier.name} Recruiting`, address: carrier.recruitingEmail },
    to,
    subject: `Your application to ${carrier.name} (reference ${reference})`,
    text,
    html,
    attachments: [
      {
        filename: fileName,
        content: Buffer.from(pdf),
        contentType: 'application/pdf',
      },
    ],
  };
}
