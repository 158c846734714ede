import { _, Ajv } from 'ajv';
import { validateApplicationDocument, type DocumentProblem } from '../../machines/form/application-document.ts';
import { applicationDocumentJsonSchema, inlineKeywords, ruleKeywords } from '../../machines/form/document-json-schema.ts';

/**
 * The check of a submitted application: a compiled JSON Schema (Ajv, Fastify's own validator) says
 * whether the document is complete and well formed in tens of microseconds; only when it is not does
 * the yup path run, to name every problem in the screens' words. Both are derived from the same
 * declarations and the equivalence tests hold them to the same verdict (docs/performance.md).
 */

export interface DocumentCheck {
  /** The compiled verdict alone: a complete, well-formed application. */
  isComplete(input: unknown): boolean;
  /** Every problem, each naming its field; none for a complete application. */
  problemsOf(input: unknown): DocumentProblem[];
}

function compiledValidator() {
  const ajv = new Ajv({
    allErrors: false,
    // Never change the document: no coercion, defaults or removal (Fastify's defaults do all three).
    coerceTypes: false,
    useDefaults: false,
    removeAdditional: false,
    // Patterns as yup runs them (no `u` flag).
    unicodeRegExp: false,
    // The `if` conditions name controls their own `properties` do not declare types for.
    strictTypes: false,
  });
  for (const rule of ruleKeywords) {
    ajv.addKeyword({
      keyword: rule.keyword,
      type: rule.type,
      schemaType: ['string', 'boolean', 'array'],
      // Generated as a direct call of the rule (a `validate` keyword allocates a context per call).
      code(cxt) {
        const passes = cxt.gen.scopeValue('func', { ref: rule.passes });
        const holder = rule.type === 'object' ? cxt.data : cxt.it.parentData;
        cxt.fail(_`!${passes}(${cxt.schemaValue}, ${cxt.data}, ${holder})`);
      },
    });
  }
  const inline: Record<(typeof inlineKeywords)[number], Parameters<typeof ajv.addKeyword>[0]> = {
    maxUnits: { keyword: 'maxUnits', type: 'string', schemaType: 'number', code: (cxt) => cxt.fail(_`${cxt.data}.length > ${cxt.schema as number}`) },
    notBlank: { keyword: 'notBlank', type: 'string', schemaType: 'boolean', code: (cxt) => cxt.fail(_`${cxt.data}.trim() === ""`) },
  };
  for (const keyword of inlineKeywords) ajv.addKeyword(inline[keyword]);
  return ajv.compile(applicationDocumentJsonSchema());
}

/** Compiles the schema once (a fraction of a second, at start-up); the route calls `problemsOf`. */
export function compileDocumentCheck(): DocumentCheck {
  const isComplete = compiledValidator();
  return {
    isComplete: (input) => isComplete(input),
    problemsOf: (input) => (isComplete(input) ? [] : validateApplicationDocument(input)),
  };
}
