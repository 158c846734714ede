import type { CarrierConfig } from '../../config/carrier-config.ts';
import type { QualificationFlag } from '../recruiter/qualification-flags.ts';
import { emailDocument, escapeHtml, formatMailDate } from './html.ts';
import type { MailMessage } from './mail-transport.ts';

export interface RecruiterNotificationInput {
  carrier: CarrierConfig;
  reference: string;
  applicantName: string;
  /** "Class A, VA". */
  licence: string;
  flags: readonly QualificationFlag[];
  submittedAt: Date;
  /** The application in the inbox: `${PUBLIC_URL}/recruiter/applications/<reference>`. */
  link: string;
  timeZone?: string | undefined;
}

/**
 * The recruiting address's notice of a new application (issue 9): the reference, the name, the
 * licence class, the qualification flags and a link to the inbox. Never the SSN, the date of birth
 * or an attachment: everything else is behind the sign-in.
 */
export function recruiterNotificationMessage({ carrier, reference, applicantName, licence, flags, submittedAt, link, timeZone }: RecruiterNotificationInput): MailMessage {
  const date = formatMailDate(submittedAt, timeZone);
  const flagLines = flags.length === 0 ? ['None: the answers meet every criterion checked.'] : flags.map((flag) => `${flag.label}: ${flag.reasons.join('; ')}`);
  const text = [
    `A new application arrived on ${date}.`,
    '',
    `Applicant: ${applicantName}`,
    `Reference: ${reference}`,
    `Licence: ${licence}`,
    '',
    'Qualification flags (for your information only; the applicant does not see them):',
    ...flagLines.map((line) => `- ${line}`),
    '',
    `Open it in the recruiting inbox (sign-in needed): ${link}`,
    '',
  ].join('\n');

  const e = escapeHtml;
  const html = emailDocument(
    `New application ${reference}`,
    `<p>A new application arrived on ${e(date)}.</p>
<p>Applicant: <strong>${e(applicantName)}</strong><br>
Reference: <strong>${e(reference)}</strong><br>
Licence: ${e(licence)}</p>
<p>Qualification flags (for your information only; the applicant does not see them):</p>
<ul>
${flagLines.map((line) => `<li>${e(line)}</li>`).join('\n')}
</ul>
<p><a href="${e(link)}">Open the application in the recruiting inbox</a> (sign-in needed).</p>`,
  );

  return {
    from: { name: `${carrier.name} applications`, address: carrier.recruitingEmail },
    to: carrier.recruitingEmail,
    subject: `New application: ${applicantName} (${reference})`,
    text,
    html,
  };
}
