import type { StepId } from '../steps.ts';
import type { StepForm } from './field-types.ts';
import { personalForm } from './steps/personal.ts';
import { generalForm } from './steps/general.ts';
import { emergencyForm } from './steps/emergency.ts';
import { licenseForm } from './steps/license.ts';
import { militaryForm } from './steps/military.ts';
import { employedForm } from './steps/employed.ts';
import { trainingForm } from './steps/training.ts';
import { educationForm } from './steps/education.ts';
import { unemployedForm } from './steps/unemployed.ts';
import { employmentForm } from './steps/employment.ts';
import { recordForm } from './steps/record.ts';
import { accidentsForm } from './steps/accidents.ts';
import { violationsForm } from './steps/violations.ts';
import { criminalForm } from './steps/criminal.ts';
import { confirmationForm } from './steps/confirmation.ts';

/** The fourteen data steps, Personal Information to Criminal Record, in step order. */
export const stepForms = [
  personalForm,
  generalForm,
  emergencyForm,
  licenseForm,
  militaryForm,
  employedForm,
  trainingForm,
  educationForm,
  unemployedForm,
  employmentForm,
  recordForm,
  accidentsForm,
  violationsForm,
  criminalForm,
] as const satisfies readonly StepForm[];

export type DataStepId = (typeof stepForms)[number]['step'];

/** Every step whose answers the machine holds: the data steps and the Confirmation step's own questions. */
export const answerForms: readonly StepForm[] = [...stepForms, confirmationForm];

const formsByStep = new Map<StepId, StepForm>(answerForms.map((form) => [form.step, form]));

export function getStepForm(step: StepId): StepForm | undefined {
  return formsByStep.get(step);
}

export function isDataStep(step: StepId): step is DataStepId {
  return stepForms.some((form) => form.step === step);
}
