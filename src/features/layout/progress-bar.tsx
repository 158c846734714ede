import { useId } from 'react';

/** The Completion Progress bar (decision 3): a labelled progressbar whose width is `value` percent. */
export function ProgressBar({ value }: { value: number }) {
  const labelId = useId();
  const rounded = Math.round(value);
  return (
    <div className="progress">
      <span id={labelId} className="progress__label">
        Completion Progress
      </span>
      <div
        className="progress__track"
        role="progressbar"
        aria-labelledby={labelId}
        aria-valuemin={0}
        aria-valuemax={100}
        aria-valuenow={rounded}
        aria-valuetext={`${rounded}%`}
      >
        <div className="progress__fill" style={{ width: `${value}%` }} />
      </div>
      <span className="progress__value" aria-hidden="true">
        {rounded}%
      </span>
    </div>
  );
}
