import { useEffect, useId, useRef, type ReactNode } from 'react';

export interface ControlProps {
  id: string;
  'aria-describedby'?: string;
  'aria-invalid'?: true;
  required?: true;
  disabled?: true;
}

export function RequiredMarker() {
  return (
    <span className="required-marker" aria-hidden="true">
      {' *'}
    </span>
  );
}

export function ErrorMessage({ id, message }: { id: string; message: string }) {
  return (
    <p id={id} className="field__error">
      <span className="visually-hidden">Error:</span> {message}
    </p>
  );
}

interface MessageIds {
  hintId: string;
  errorId: string;
}

function useMessageIds(): MessageIds & { id: string } {
  const id = useId();
  return { id, hintId: `${id}-hint`, errorId: `${id}-error` };
}

function HintAndError({ ids, hint, error }: { ids: MessageIds; hint?: string; error?: string }) {
  return (
    <>
      {hint ? (
        <div id={ids.hintId} className="field__hint">
          {hint}
        </div>
      ) : null}
      {error ? <ErrorMessage id={ids.errorId} message={error} /> : null}
    </>
  );
}

function describedBy(...ids: (string | false | undefined)[]): string | undefined {
  const list = ids.filter(Boolean);
  return list.length > 0 ? list.join(' ') : undefined;
}

interface FieldProps {
  /** The question, as the control's label. */
  label: string;
  /** Help shown under the label, linked to the control with `aria-describedby`. */
  hint?: string;
  /** The message shown when the answer is wrong: the control gets `aria-invalid` and is described by it. */
  error?: string;
  /** The question must be answered: the required marker, and `required` on the control. */
  required?: boolean;
  /** The control cannot be used (it is shown, but not focused, changed or submitted). */
  disabled?: boolean;
  /** Renders the control with the props that tie it to the label, hint and error. */
  children: (control: ControlProps) => ReactNode;
}

/** One labelled control with its hint and error, linked by id; `aria-invalid` only when there is an error. */
export function Field({ label, hint, error, required, disabled, children }: FieldProps) {
  const ids = useMessageIds();
  const { id, hintId, errorId } = ids;
  return (
    <div className={error ? 'field field--error' : 'field'}>
      <label htmlFor={id} className="field__label">
        {label}
        {required ? <RequiredMarker /> : null}
      </label>
      <HintAndError ids={ids} hint={hint} error={error} />
      {children({
        id,
        'aria-describedby': describedBy(hint && hintId, error && errorId),
        ...(error ? { 'aria-invalid': true as const } : {}),
        ...(required ? { required: true as const } : {}),
        ...(disabled ? { disabled: true as const } : {}),
      })}
    </div>
  );
}

/**
 * Calls `onLeave` when focus moves from inside the element to another control outside it. Focus that
 * merely drops to the page (a press on an option's label text, on the way to selecting that option)
 * is not leaving the question: counting it would show the error under the pointer mid-click.
 */
function useLeaveListener<T extends HTMLElement>(onLeave: (() => void) | undefined) {
  const ref = useRef<T>(null);
  const latest = useRef(onLeave);
  useEffect(() => {
    latest.current = onLeave;
  }, [onLeave]);
  useEffect(() => {
    const element = ref.current;
    if (!element) return undefined;
    const handleFocusOut = (event: FocusEvent) => {
      const next = event.relatedTarget;
      if (next instanceof Node && !element.contains(next)) latest.current?.();
    };
    element.addEventListener('focusout', handleFocusOut);
    return () => element.removeEventListener('focusout', handleFocusOut);
  }, []);
  return ref;
}

interface FieldsetProps {
  /** Focus has left the whole group (moving between its own options is not leaving it). */
  onLeave?: () => void;
  legend: string;
  hint?: string;
  error?: string;
  required?: boolean;
  /** Every control of the group cannot be used (the native `disabled` of the fieldset). */
  disabled?: boolean;
  className?: string;
  children: ReactNode;
}

/** A group of controls answering one question (radios, checkboxes, yes/no), with its legend. */
export function Fieldset({ legend, hint, error, required, disabled, className, onLeave, children }: FieldsetProps) {
  const ids = useMessageIds();
  const groupRef = useLeaveListener<HTMLFieldSetElement>(onLeave);
  const { hintId, errorId } = ids;
  const classes = ['field', 'fieldset', className, error ? 'field--error' : undefined].filter(Boolean).join(' ');
  return (
    <fieldset ref={groupRef} className={classes} disabled={disabled} aria-describedby={describedBy(hint && hintId, error && errorId)}>
      <legend className="field__label fieldset__legend">
        {legend}
        {required ? <RequiredMarker /> : null}
      </legend>
      <HintAndError ids={ids} hint={hint} error={error} />
      {children}
    </fieldset>
  );
}
