import { certificationStatement } from '../../../machines/form/certification.ts';
import { confirmationForm } from '../../../machines/form/steps/confirmation.ts';
import { FieldNodeList } from '../step-form/field-node-list.tsx';
import { SignatureSection } from '../signature/signature-pad.tsx';
import { PersonalReview } from './personal-review.tsx';

/** Confirmation (decision 20): review of the personal data, the certification, the signature, the copy options. */
export function ConfirmationScreen() {
  return (
    <>
      <PersonalReview />
      <section aria-labelledby="certification-title">
        <h2 id="certification-title">Electronic signature</h2>
        <p className="statement">{certificationStatement}</p>
        <SignatureSection />
      </section>
      <section aria-labelledby="copy-title">
        <h2 id="copy-title">After you submit</h2>
        <FieldNodeList nodes={confirmationForm.fields} scope={{ kind: 'step', step: 'confirmation' }} />
      </section>
    </>
  );
}
