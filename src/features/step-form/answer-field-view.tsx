import { startTransition, useEffect, useId, useState, type ChangeEvent } from 'react';
import { whenIdle } from '../../shared/when-idle.ts';
import type { AnswerField, CheckboxField, ChoiceField, RegionField, TextField, YesNoField, DateField } from '../../../machines/form/field-types.ts';
import { isRevealed } from '../../../machines/form/answers.ts';
import { getOptions, type Option } from '../../../machines/form/option-lists.ts';
import { ErrorMessage, Field, Fieldset, RequiredMarker, type ControlProps } from '../../shared/ui/field.tsx';
import { inputName, useAnswerBinding, useAnswerValue, type AnswerScope, type AnswerBinding } from './answer-scope.ts';
import { monthToText, supportsMonthInput, textToMonth } from './month-input.ts';
import { FieldNodeList } from './field-node-list.tsx';

const textInputTypes: Record<TextField['kind'], { type: string; inputMode?: 'numeric' | 'tel' | 'email' | 'text' }> = {
  text: { type: 'text' },
  email: { type: 'email', inputMode: 'email' },
  tel: { type: 'tel', inputMode: 'tel' },
  textarea: { type: 'text' },
  number: { type: 'text', inputMode: 'numeric' },
  ssn: { type: 'text', inputMode: 'numeric' },
  zip: { type: 'text' },
};

const monthPickerAvailable = supportsMonthInput();

function stringValue(value: AnswerBinding['value']): string {
  return typeof value === 'string' ? value : '';
}

/** What every answer component takes: its declaration, where its answer lives, and whether it can be used. */
interface AnswerProps<F extends AnswerField> {
  /** The question's declaration (machines/form/field-types.ts): label, hint, required, options, reveals. */
  field: F;
  /** Where the answer lives in the application machine: a step, an entry of one of its lists, or the history form. */
  scope: AnswerScope;
  /** Shown but not usable: the control (and any revealed question) cannot be focused or changed. */
  disabled?: boolean;
}

function placeholderFor(scope: AnswerScope, name: string): string | undefined {
  return scope.kind === 'step' ? scope.placeholders?.[name] : undefined;
}

function TextAnswer({ field, scope, disabled }: AnswerProps<TextField>) {
  const binding = useAnswerBinding(scope, field.name);
  const onChange = (event: ChangeEvent<HTMLInputElement | HTMLTextAreaElement>) => binding.change(event.target.value);
  const common = (control: ControlProps) => ({
    ...control,
    name: inputName(scope, field.name),
    value: stringValue(binding.value),
    onChange,
    onBlur: binding.leave,
    required: field.required,
    autoComplete: field.autoComplete,
    placeholder: placeholderFor(scope, field.name),
    className: 'input',
  });
  return (
    <Field label={field.label} hint={field.hint} error={binding.error} required={field.required} disabled={disabled}>
      {(control) =>
        field.kind === 'textarea' ? (
          <textarea {...common(control)} rows={3} className="input input--textarea" />
        ) : (
          <input
            {...common(control)}
            type={textInputTypes[field.kind].type}
            inputMode={textInputTypes[field.kind].inputMode}
            spellCheck={field.kind === 'text' ? undefined : false}
            className={field.kind === 'zip' || field.kind === 'number' ? 'input input--short' : 'input'}
          />
        )
      }
    </Field>
  );
}

/**
 * A date or month answer (`kind: 'date' | 'month'`): the browser's date or month picker, or, where the
 * browser has no month picker, a text field taking MM/YYYY (decision 16). Sends `answer.changed` and `answer.left`.
 */
export function DateAnswer({ field, scope, disabled }: AnswerProps<DateField>) {
  const binding = useAnswerBinding(scope, field.name);
  const value = stringValue(binding.value);
  const textFallback = field.kind === 'month' && !monthPickerAvailable;
  return (
    <Field
      label={field.label}
      hint={[field.hint, textFallback ? 'Enter as MM/YYYY, for example 07/2024.' : undefined].filter(Boolean).join(' ') || undefined}
      error={binding.error}
      required={field.required}
      disabled={disabled}
    >
      {(control) => (
        <input
          {...control}
          name={inputName(scope, field.name)}
          type={textFallback ? 'text' : field.kind}
          inputMode={textFallback ? 'numeric' : undefined}
          value={textFallback ? monthToText(value) : value}
          onChange={(event) => binding.change(textFallback ? textToMonth(event.target.value) : event.target.value)}
          onBlur={binding.leave}
          required={field.required}
          autoComplete={field.autoComplete}
          className="input input--date"
        />
      )}
    </Field>
  );
}

/** Lists longer than this (countries, states) are completed after the step is shown. */
const longListLength = 30;

/**
 * The options a select lists: all of them, or, for a long list not yet completed, only the answer
 * given (docs/performance.md, "Long option lists").
 */
function listedOptions(options: readonly Option[], value: string, complete: boolean): readonly Option[] {
  if (complete || options.length <= longListLength) return options;
  return options.filter((option) => option.value === value);
}

function SelectControl({ control, options, value, name, required, onChange, onBlur }: {
  control: ControlProps;
  options: readonly Option[];
  value: string;
  name: string;
  required?: boolean;
  onChange: (value: string) => void;
  onBlur: () => void;
}) {
  const [complete, setComplete] = useState(options.length <= longListLength);
  useEffect(() => (complete ? undefined : whenIdle(() => startTransition(() => setComplete(true)))), [complete]);
  const completeNow = complete ? undefined : () => setComplete(true);
  return (
    <select
      {...control}
      name={name}
      value={value}
      required={required}
      onChange={(event) => onChange(event.target.value)}
      onBlur={onBlur}
      onFocus={completeNow}
      onPointerDown={completeNow}
      className="input input--select"
    >
      <option value="">Select an option</option>
      {listedOptions(options, value, complete).map((option) => (
        <option key={option.value} value={option.value}>
          {option.label}
        </option>
      ))}
    </select>
  );
}

function RevealedFields({ id, field, value, scope, disabled }: { id: string; field: ChoiceField | YesNoField | CheckboxField; value: AnswerBinding['value']; scope: AnswerScope; disabled?: boolean }) {
  const open = (field.reveals ?? []).filter((reveal) => isRevealed(reveal.when, value));
  return (
    <div id={id} className="reveal" hidden={open.length === 0}>
      {open.map((reveal) => (
        <FieldNodeList key={reveal.when} nodes={reveal.fields} scope={scope} disabled={disabled} />
      ))}
    </div>
  );
}

/** A choice from a list of options (`kind: 'select'`), with the questions its answer reveals. */
export function SelectAnswer({ field, scope, disabled }: AnswerProps<ChoiceField>) {
  const binding = useAnswerBinding(scope, field.name);
  const revealId = useId();
  return (
    <>
      <Field label={field.label} hint={field.hint} error={binding.error} required={field.required} disabled={disabled}>
        {(control) => (
          <SelectControl
            control={control}
            options={getOptions(field.options)}
            value={stringValue(binding.value)}
            name={inputName(scope, field.name)}
            required={field.required}
            onChange={binding.change}
            onBlur={binding.leave}
          />
        )}
      </Field>
      {field.reveals ? <RevealedFields id={revealId} field={field} value={binding.value} scope={scope} disabled={disabled} /> : null}
    </>
  );
}

function RegionAnswer({ field, scope, disabled }: AnswerProps<RegionField>) {
  const binding = useAnswerBinding(scope, field.name);
  const country = useAnswerValue(scope, field.countryField);
  const usesStates = !country || country === 'US';
  return (
    <Field
      label={field.label}
      hint={field.hint ?? (usesStates ? undefined : 'The state, province or region.')}
      error={binding.error}
      required={field.required}
      disabled={disabled}
    >
      {(control) =>
        usesStates ? (
          <SelectControl
            control={control}
            options={getOptions('states')}
            value={stringValue(binding.value)}
            name={inputName(scope, field.name)}
            required={field.required}
            onChange={binding.change}
            onBlur={binding.leave}
          />
        ) : (
          <input
            {...control}
            type="text"
            name={inputName(scope, field.name)}
            value={stringValue(binding.value)}
            onChange={(event) => binding.change(event.target.value)}
            onBlur={binding.leave}
            required={field.required}
            className="input"
          />
        )
      }
    </Field>
  );
}

function ChoiceGroupAnswer({ field, scope, disabled }: AnswerProps<ChoiceField>) {
  const binding = useAnswerBinding(scope, field.name);
  const revealId = useId();
  const multiple = field.kind === 'checkboxes';
  const selected: readonly string[] = multiple ? (Array.isArray(binding.value) ? binding.value : []) : [stringValue(binding.value)];
  const revealWhen = new Set((field.reveals ?? []).map((reveal) => reveal.when));
  const toggle = (value: string, checked: boolean) => {
    if (!multiple) binding.change(value);
    else binding.change(checked ? [...selected, value] : selected.filter((item) => item !== value));
  };
  return (
    <>
      <Fieldset legend={field.label} hint={field.hint} error={binding.error} required={field.required} disabled={disabled} onLeave={binding.leave}>
        <div className={multiple ? 'choices choices--checkboxes' : 'choices choices--radios'}>
          {getOptions(field.options).map((option) => (
            <label key={option.value} className="choice">
              <input
                type={multiple ? 'checkbox' : 'radio'}
                className="choice__input"
                name={inputName(scope, field.name)}
                value={option.value}
                checked={selected.includes(option.value)}
                onChange={(event) => toggle(option.value, event.target.checked)}
                required={!multiple && field.required}
                aria-controls={revealWhen.has(option.value) ? revealId : undefined}
              />
              <span className="choice__label">{option.label}</span>
            </label>
          ))}
        </div>
      </Fieldset>
      {field.reveals ? <RevealedFields id={revealId} field={field} value={binding.value} scope={scope} disabled={disabled} /> : null}
    </>
  );
}

function CheckboxAnswer({ field, scope, disabled }: AnswerProps<CheckboxField>) {
  const binding = useAnswerBinding(scope, field.name);
  const revealId = useId();
  const inputId = useId();
  const hintId = `${inputId}-hint`;
  const errorId = `${inputId}-error`;
  const describedBy = [field.hint ? hintId : undefined, binding.error ? errorId : undefined].filter(Boolean).join(' ') || undefined;
  return (
    <>
      <div className={binding.error ? 'field field--error' : 'field'}>
        {binding.error ? <ErrorMessage id={errorId} message={binding.error} /> : null}
        <div className="choice">
          <input
            id={inputId}
            type="checkbox"
            className="choice__input"
            name={inputName(scope, field.name)}
            value="yes"
            checked={binding.value === 'yes'}
            onChange={(event) => binding.change(event.target.checked ? 'yes' : '')}
            onBlur={binding.leave}
            required={field.required}
            disabled={disabled}
            aria-describedby={describedBy}
            aria-invalid={binding.error ? true : undefined}
            aria-controls={field.reveals ? revealId : undefined}
          />
          <label htmlFor={inputId} className="choice__label">
            {field.label}
            {field.required ? <RequiredMarker /> : null}
          </label>
        </div>
        {field.hint ? (
          <div id={hintId} className="field__hint choice__hint">
            {field.hint}
          </div>
        ) : null}
      </div>
      {field.reveals ? <RevealedFields id={revealId} field={field} value={binding.value} scope={scope} disabled={disabled} /> : null}
    </>
  );
}

/**
 * A yes/no question (`kind: 'yesNo'`): two radio buttons in a fieldset whose legend is the question, and
 * the questions the opening answer reveals. Sends `answer.changed`, and `answer.left` when focus leaves the group.
 */
export function YesNoAnswer({ field, scope, disabled }: AnswerProps<YesNoField>) {
  const binding = useAnswerBinding(scope, field.name);
  const revealId = useId();
  const revealWhen = new Set((field.reveals ?? []).map((reveal) => reveal.when));
  return (
    <div className="question">
      <Fieldset
        legend={field.label}
        hint={field.hint}
        error={binding.error}
        required={field.required}
        disabled={disabled}
        className="yes-no"
        onLeave={binding.leave}
      >
        <div className="yes-no__options">
          {(['yes', 'no'] as const).map((answer) => (
            <label key={answer} className={`yes-no__option yes-no__option--${answer}`}>
              <input
                type="radio"
                className="yes-no__input"
                name={inputName(scope, field.name)}
                value={answer}
                checked={binding.value === answer}
                onChange={() => binding.change(answer)}
                required={field.required}
                aria-controls={revealWhen.has(answer) ? revealId : undefined}
              />
              <span className="yes-no__label">{answer === 'yes' ? 'Yes' : 'No'}</span>
            </label>
          ))}
        </div>
      </Fieldset>
      {field.reveals ? <RevealedFields id={revealId} field={field} value={binding.value} scope={scope} disabled={disabled} /> : null}
    </div>
  );
}

/** Any declared answer field, rendered from the application machine's state. */
export function AnswerFieldView({ field, scope, disabled }: AnswerProps<AnswerField>) {
  switch (field.kind) {
    case 'date':
    case 'month':
      return <DateAnswer field={field} scope={scope} disabled={disabled} />;
    case 'select':
      return <SelectAnswer field={field} scope={scope} disabled={disabled} />;
    case 'radios':
    case 'checkboxes':
      return <ChoiceGroupAnswer field={field} scope={scope} disabled={disabled} />;
    case 'yesNo':
      return <YesNoAnswer field={field} scope={scope} disabled={disabled} />;
    case 'checkbox':
      return <CheckboxAnswer field={field} scope={scope} disabled={disabled} />;
    case 'region':
      return <RegionAnswer field={field} scope={scope} disabled={disabled} />;
    default:
      return <TextAnswer field={field} scope={scope} disabled={disabled} />;
  }
}
