import { forEachNode } from '../../machines/form/answers.ts';
import { isAnswerField, revealsOf, type AnswerField, type FieldNode, type Reveal } from '../../machines/form/field-types.ts';
import { stepForms } from '../../machines/form/step-forms.ts';
import type { StepId } from '../../machines/steps.ts';

export interface RevealCase {
  step: StepId;
  field: AnswerField;
  reveal: Reveal;
  /** An answer that keeps the reveal closed. */
  other: string | string[];
  /** The answer that opens it. */
  opening: string | string[];
}

/** Every reveal of a step-level question (not inside a list), from the declarations. */
export function stepLevelReveals(): RevealCase[] {
  const cases: RevealCase[] = [];
  for (const form of stepForms) {
    // forEachNode does not enter lists: these are the step-level questions.
    forEachNode(form.fields, (node) => {
      if (!isAnswerField(node)) return;
      for (const reveal of revealsOf(node)) {
        const multiple = node.kind === 'checkboxes';
        const other = node.kind === 'yesNo' ? (reveal.when === 'yes' ? 'no' : 'yes') : multiple ? [] : otherOption(node, reveal.when);
        cases.push({ step: form.step, field: node, reveal, other, opening: multiple ? [reveal.when] : reveal.when });
      }
    });
  }
  return cases;
}

function otherOption(field: AnswerField, when: string): string {
  return field.kind === 'radios' && field.options === 'lastDrugUse' ? (when === 'never' ? 'date' : 'never') : '';
}

/** The answer fields directly revealed (not nested in further reveals or lists). */
export function directFields(nodes: readonly FieldNode[]): AnswerField[] {
  const fields: AnswerField[] = [];
  const walk = (list: readonly FieldNode[]) => {
    for (const node of list) {
      if (node.kind === 'group') walk(node.fields);
      else if (isAnswerField(node)) fields.push(node);
    }
  };
  walk(nodes);
  return fields;
}
