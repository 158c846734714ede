import { useRef } from 'react';
import type { ListNode } from '../../../machines/form/field-types.ts';
import { sameIds, selectEntryIds } from '../../../machines/application-selectors.ts';
import type { StepId } from '../../../machines/steps.ts';
import { useApplicationActor, useApplicationSelector } from '../../shared/application-context.tsx';
import { FieldNodeList } from './field-node-list.tsx';

function lowerFirst(text: string): string {
  return text.charAt(0).toLowerCase() + text.slice(1);
}

interface ListViewProps {
  /** The list's declaration (machines/form/field-types.ts): label, item label, entry fields, which entries can be removed. */
  list: ListNode;
  /** The step whose answers hold the entries. */
  step: StepId;
  /** Shown but not usable: no entry can be changed, added or removed. */
  disabled?: boolean;
}

/**
 * A list of entries (decision 17): every entry in its own fieldset, Remove where allowed, Add another.
 * The entries are the machine's (`selectEntryIds`); the buttons send `entry.added` and `entry.removed`.
 */
export function ListView({ list, step, disabled }: ListViewProps) {
  const { send } = useApplicationActor();
  const ids = useApplicationSelector((snapshot) => selectEntryIds(snapshot, step, list.name), sameIds);
  const addButton = useRef<HTMLButtonElement>(null);
  const removableFrom = list.removableFrom ?? 0;

  const remove = (entryId: string) => {
    send({ type: 'entry.removed', step, list: list.name, entryId });
    addButton.current?.focus();
  };

  return (
    <section className="entry-list" aria-label={list.label}>
      <h2 className="entry-list__title">{list.label}</h2>
      {ids.map((entryId, index) => (
        <fieldset key={entryId} className="entry">
          <legend className="entry__legend">
            {list.itemLabel} {index + 1}
          </legend>
          <FieldNodeList
            nodes={list.fields}
            scope={{ kind: 'step', step, entry: { list: list.name, entryId }, placeholders: list.placeholders?.[index] }}
            disabled={disabled}
          />
          {index >= removableFrom ? (
            <button type="button" className="button button--secondary button--small" disabled={disabled} onClick={() => remove(entryId)}>
              Remove {lowerFirst(list.itemLabel)} {index + 1}
            </button>
          ) : null}
        </fieldset>
      ))}
      <button
        ref={addButton}
        type="button"
        className="button button--secondary"
        disabled={disabled}
        onClick={() => send({ type: 'entry.added', step, list: list.name })}
      >
        {ids.length === 0 ? `Add ${lowerFirst(list.itemLabel)}` : `Add another ${lowerFirst(list.itemLabel)}`}
      </button>
    </section>
  );
}
