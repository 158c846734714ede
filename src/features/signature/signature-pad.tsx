import { useEffect, useId, useRef, type RefObject } from 'react';
import SignatureCanvasImport from 'react-signature-canvas';
import { selectSignature } from '../../../machines/application-selectors.ts';
import { useApplicationActor, useApplicationSelector } from '../../shared/application-context.tsx';
import { formatDateTime } from '../../shared/format-date-time.ts';
import { ErrorMessage } from '../../shared/ui/field.tsx';

/**
 * react-signature-canvas ships CommonJS only. Vite's production build hands the default import over as
 * the module namespace (`{ default: Component }`), while the dev server and Vitest hand over the
 * component itself: take whichever is the component.
 */
const SignatureCanvas =
  (SignatureCanvasImport as unknown as { default?: typeof SignatureCanvasImport }).default ?? SignatureCanvasImport;

function SavedSignature({ focusTarget }: { focusTarget: RefObject<HTMLParagraphElement | null> }) {
  const { send } = useApplicationActor();
  const signature = useApplicationSelector(selectSignature);
  if (!signature) return null;
  return (
    <div className="signature-saved">
      <p ref={focusTarget} className="signature-saved__status" tabIndex={-1}>
        <strong>Signed</strong> on {formatDateTime(signature.signedAt)}
        {signature.method === 'typed' ? ' (typed name)' : ''}.
      </p>
      <div className="signature-saved__box">
        {signature.method === 'drawn' ? (
          <img className="signature-saved__image" src={signature.image} alt="Your saved signature" />
        ) : (
          <p className="signature-saved__typed" aria-label={`Typed signature: ${signature.name}`}>
            {signature.name}
          </p>
        )}
      </div>
      <button type="button" className="button button--secondary button--small" onClick={() => send({ type: 'signature.cleared' })}>
        Clear signature and sign again
      </button>
    </div>
  );
}

function Pad({ focusTarget }: { focusTarget: RefObject<HTMLDivElement | null> }) {
  const { send } = useApplicationActor();
  const canvas = useRef<SignatureCanvasImport>(null);
  const typedName = useRef<HTMLInputElement>(null);
  const drawingMissing = useApplicationSelector((snapshot) => snapshot.matches({ signature: { unsigned: 'drawingMissing' } }));
  const nameMissing = useApplicationSelector((snapshot) => snapshot.matches({ signature: { unsigned: 'nameMissing' } }));
  const id = useId();

  const save = () => {
    const pad = canvas.current;
    const image = pad && !pad.isEmpty() ? pad.getCanvas().toDataURL('image/png') : '';
    send({ type: 'signature.drawn', image, at: new Date().toISOString() });
  };
  const useTypedName = () => {
    send({ type: 'signature.typed', name: typedName.current?.value ?? '', at: new Date().toISOString() });
  };

  return (
    <div ref={focusTarget} className="signature-pad" tabIndex={-1}>
      <fieldset className="field">
        <legend className="field__label">Draw your signature</legend>
        <p id={`${id}-draw-hint`} className="field__hint">
          Use your finger or mouse to sign in the box, then press Save.
        </p>
        {drawingMissing ? <ErrorMessage id={`${id}-draw-error`} message="Draw your signature in the box before pressing Save" /> : null}
        <div className="signature-pad__frame">
          <SignatureCanvas
            ref={canvas}
            penColor="#0b0c0c"
            canvasProps={{
              className: 'signature-pad__canvas',
              role: 'img',
              'aria-label': 'Signature drawing area',
              'aria-describedby': `${id}-draw-hint`,
            }}
          />
        </div>
        <div className="button-row">
          <button type="button" className="button" onClick={save}>
            Save
          </button>
          <button type="button" className="button button--secondary" onClick={() => canvas.current?.clear()}>
            Clear
          </button>
        </div>
      </fieldset>

      <div className={nameMissing ? 'field field--error' : 'field'}>
        <label htmlFor={`${id}-typed`} className="field__label">
          Or type your full legal name to sign
        </label>
        <p id={`${id}-typed-hint`} className="field__hint">
          A typed name is a valid electronic signature. Use it if you cannot draw.
        </p>
        {nameMissing ? <ErrorMessage id={`${id}-typed-error`} message="Type your full legal name to sign with it" /> : null}
        <input
          ref={typedName}
          id={`${id}-typed`}
          name="typed-signature"
          type="text"
          autoComplete="name"
          className="input"
          aria-describedby={nameMissing ? `${id}-typed-hint ${id}-typed-error` : `${id}-typed-hint`}
          aria-invalid={nameMissing ? true : undefined}
          maxLength={200}
        />
        <button type="button" className="button button--secondary signature-pad__typed-button" onClick={useTypedName}>
          Sign with my typed name
        </button>
      </div>
    </div>
  );
}

/** The signature (decision 21): the saved one, or the pad with its typed alternative. */
export function SignatureSection() {
  const signed = useApplicationSelector((snapshot) => snapshot.context.signature !== null);
  // Signing or clearing replaces the control that was pressed: focus goes to what replaced it, not to the page.
  const savedStatus = useRef<HTMLParagraphElement>(null);
  const pad = useRef<HTMLDivElement>(null);
  const wasSigned = useRef(signed);
  useEffect(() => {
    if (signed === wasSigned.current) return;
    wasSigned.current = signed;
    (signed ? savedStatus.current : pad.current)?.focus();
  }, [signed]);
  return (
    <section className="signature-section">
      {signed ? <SavedSignature focusTarget={savedStatus} /> : <Pad focusTarget={pad} />}
    </section>
  );
}
