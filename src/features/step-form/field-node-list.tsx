import type { FieldNode } from '../../../machines/form/field-types.ts';
import { AnswerFieldView } from './answer-field-view.tsx';
import { ListView } from './list-view.tsx';
import type { AnswerScope } from './answer-scope.ts';

function ContentBlock({ paragraphs, tone }: { paragraphs: readonly string[]; tone?: 'notice' | 'plain' }) {
  return (
    <div className={tone === 'notice' ? 'notice' : 'content'}>
      {paragraphs.map((paragraph) => (
        <p key={paragraph}>{paragraph}</p>
      ))}
    </div>
  );
}

/** Renders declared nodes in order: questions, groups (fieldsets), lists of entries and text. */
export function FieldNodeList({ nodes, scope, disabled }: { nodes: readonly FieldNode[]; scope: AnswerScope; disabled?: boolean }) {
  return (
    <>
      {nodes.map((node) => {
        switch (node.kind) {
          case 'content':
            return <ContentBlock key={node.id} paragraphs={node.paragraphs} tone={node.tone} />;
          case 'group':
            return (
              <fieldset key={node.legend} className="group">
                <legend className="group__legend">{node.legend}</legend>
                <FieldNodeList nodes={node.fields} scope={scope} disabled={disabled} />
              </fieldset>
            );
          case 'list':
            return scope.kind === 'step' && !scope.entry ? <ListView key={node.name} list={node} step={scope.step} disabled={disabled} /> : null;
          default:
            return <AnswerFieldView key={node.name} field={node} scope={scope} disabled={disabled} />;
        }
      })}
    </>
  );
}
