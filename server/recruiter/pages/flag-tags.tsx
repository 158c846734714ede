import type { QualificationFlag } from '../qualification-flags.ts';

/** The flags as tags ("None" when the applicant meets every criterion). */
export function FlagTags({ flags }: { flags: readonly QualificationFlag[] }) {
  if (flags.length === 0) return <span className="recruiter-muted">None</span>;
  return (
    <ul className="flag-list">
      {flags.map((flag) => (
        <li key={flag.id} className="flag-tag">
          {flag.label}
        </li>
      ))}
    </ul>
  );
}
