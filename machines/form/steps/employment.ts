import type { FieldNode, ListNode, StepForm } from '../field-types.ts';
import { employmentVerificationNotice } from './shared-fields.ts';

/** The fields of the Add History Item form (spec section 2). */
export const historyItemFields: readonly FieldNode[] = [
  { kind: 'radios', name: 'type', label: 'Type', options: 'historyItemTypes', required: true },
  { kind: 'month', name: 'start-date', label: 'Start Date', required: true, notFuture: true },
  {
    kind: 'month',
    name: 'end-date',
    label: 'End Date',
    hint: 'If you are currently unemployed, enter the current month and year.',
    required: true,
    notBefore: 'start-date',
  },
  { kind: 'textarea', name: 'comments', label: 'Comments', required: true },
];

export const historyItemsList: ListNode = {
  kind: 'list',
  name: 'history-items',
  label: 'Other history items',
  itemLabel: 'History item',
  fields: historyItemFields,
};

export const employmentForm: StepForm = {
  step: 'employment',
  fields: [employmentVerificationNotice, historyItemsList],
};
