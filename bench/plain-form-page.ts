import { isAnswerField, revealsOf, type AnswerField, type FieldNode, type ListNode, type StepForm } from '../machines/form/field-types.ts';
import { getOptions, type Option } from '../machines/form/option-lists.ts';

/**
 * The keystroke benchmark's baseline: a step form as plain HTML (no framework, no script), generated
 * from the same declaration the app renders, every reveal open and every list with its first entries,
 * with the app's class names so the app's stylesheet lays it out alike.
 */

export interface PlainFormPageOptions {
  readonly heading: string;
  /** Stylesheet URLs (the app's), so the two pages cost the same to lay out and paint. */
  readonly stylesheets?: readonly string[];
}

const escapes: Record<string, string> = { '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' };

export function escapeHtml(text: string): string {
  return text.replace(/[&<>"']/g, (character) => escapes[character]!);
}

const inputTypes: Partial<Record<AnswerField['kind'], string>> = {
  email: 'email',
  tel: 'tel',
  date: 'date',
  month: 'month',
};

/** The entries a list shows before anyone adds one: its pre-listed or required entries, at least one. */
export function plainEntryCount(list: ListNode): number {
  return Math.max(1, list.initialEntries ?? 0, list.minEntries ?? 0);
}

class PlainFormWriter {
  private count = 0;

  private nextId(): string {
    this.count += 1;
    return `field-${this.count}`;
  }

  nodes(nodes: readonly FieldNode[], prefix: string): string {
    return nodes.map((node) => this.node(node, prefix)).join('\n');
  }

  private node(node: FieldNode, prefix: string): string {
    switch (node.kind) {
      case 'content':
        return `<div class="${node.tone === 'notice' ? 'notice' : 'content'}">${node.paragraphs.map((paragraph) => `<p>${escapeHtml(paragraph)}</p>`).join('')}</div>`;
      case 'group':
        return `<fieldset class="group"><legend class="group__legend">${escapeHtml(node.legend)}</legend>\n${this.nodes(node.fields, prefix)}\n</fieldset>`;
      case 'list':
        return this.list(node, prefix);
      default:
        return `${this.field(node, prefix)}${this.reveals(node, prefix)}`;
    }
  }

  private list(list: ListNode, prefix: string): string {
    const entries = Array.from({ length: plainEntryCount(list) }, (_, index) => {
      const entryPrefix = `${prefix}${list.name}[${index}].`;
      return `<fieldset class="entry"><legend class="entry__legend">${escapeHtml(list.itemLabel)} ${index + 1}</legend>\n${this.nodes(list.fields, entryPrefix)}\n</fieldset>`;
    });
    return `<section class="entry-list" aria-label="${escapeHtml(list.label)}"><h2 class="entry-list__title">${escapeHtml(list.label)}</h2>\n${entries.join('\n')}\n<button type="button" class="button button--secondary">Add another ${escapeHtml(list.itemLabel.toLowerCase())}</button></section>`;
  }

  private reveals(field: AnswerField, prefix: string): string {
    const open = revealsOf(field);
    return open.length === 0 ? '' : `<div class="reveal">${open.map((reveal) => this.nodes(reveal.fields, prefix)).join('\n')}</div>`;
  }

  private field(field: AnswerField, prefix: string): string {
    const name = escapeHtml(`${prefix}${field.name}`);
    const required = field.required ? ' required' : '';
    const marker = field.required ? '<span class="required-marker" aria-hidden="true"> *</span>' : '';
    const id = this.nextId();
    const hint = field.hint ? `<div id="${id}-hint" class="field__hint">${escapeHtml(field.hint)}</div>` : '';
    const describedBy = field.hint ? ` aria-describedby="${id}-hint"` : '';

    if (field.kind === 'yesNo' || field.kind === 'radios' || field.kind === 'checkboxes') {
      const options: readonly Option[] = field.kind === 'yesNo' ? [{ value: 'yes', label: 'Yes' }, { value: 'no', label: 'No' }] : getOptions(field.options);
      const type = field.kind === 'checkboxes' ? 'checkbox' : 'radio';
      const choices = options
        .map((option) => `<label class="choice"><input type="${type}" class="choice__input" name="${name}" value="${escapeHtml(option.value)}"${type === 'radio' ? required : ''}><span class="choice__label">${escapeHtml(option.label)}</span></label>`)
        .join('');
      return `<fieldset class="field fieldset"${describedBy}><legend class="field__label fieldset__legend">${escapeHtml(field.label)}${marker}</legend>${hint}<div class="choices">${choices}</div></fieldset>`;
    }
    if (field.kind === 'checkbox') {
      return `<div class="field"><div class="choice"><input id="${id}" type="checkbox" class="choice__input" name="${name}" value="yes"${required}${describedBy}><label for="${id}" class="choice__label">${escapeHtml(field.label)}${marker}</label></div>${hint}</div>`;
    }
    const label = `<label for="${id}" class="field__label">${escapeHtml(field.label)}${marker}</label>${hint}`;
    const attributes = `id="${id}" name="${name}"${required}${describedBy}${field.autoComplete ? ` autocomplete="${escapeHtml(field.autoComplete)}"` : ''}`;
    if (field.kind === 'select' || field.kind === 'region') {
      const options = getOptions(field.kind === 'region' ? 'states' : field.options);
      const list = [`<option value="">Select an option</option>`, ...options.map((option) => `<option value="${escapeHtml(option.value)}">${escapeHtml(option.label)}</option>`)];
      return `<div class="field">${label}<select ${attributes} class="input input--select">${list.join('')}</select></div>`;
    }
    if (field.kind === 'textarea') return `<div class="field">${label}<textarea ${attributes} rows="3" class="input input--textarea"></textarea></div>`;
    return `<div class="field">${label}<input ${attributes} type="${inputTypes[field.kind] ?? 'text'}" class="input"></div>`;
  }
}

/** The whole page: the step's heading, intro and every field of `form`, as static HTML without a script. */
export function plainFormPage(form: StepForm, { heading, stylesheets = [] }: PlainFormPageOptions): string {
  const links = stylesheets.map((href) => `<link rel="stylesheet" href="${escapeHtml(href)}">`).join('\n');
  const intro = (form.intro ?? []).map((paragraph) => `<p>${escapeHtml(paragraph)}</p>`).join('\n');
  return `<!doctype html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<title>${escapeHtml(heading)} (plain HTML baseline)</title>
${links}
</head>
<body>
<main class="page">
<h1>${escapeHtml(heading)}</h1>
${intro}
<form class="step-form" novalidate>
${new PlainFormWriter().nodes(form.fields, '')}
</form>
</main>
</body>
</html>
`;
}

/** Every answer field of `nodes`, in lists and reveals too: what a plain page must label. */
export function allAnswerFields(nodes: readonly FieldNode[]): AnswerField[] {
  return nodes.flatMap((node): AnswerField[] => {
    if (node.kind === 'group' || node.kind === 'list') return allAnswerFields(node.fields);
    if (!isAnswerField(node)) return [];
    return [node, ...revealsOf(node).flatMap((reveal) => allAnswerFields(reveal.fields))];
  });
}
