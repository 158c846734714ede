import { useMemo } from 'react';
import type { ApplicationSnapshot } from '../../../machines/application-machine.ts';
import { activeStateIds, listSizes, machineGraph, type GraphNode } from './machine-graph.ts';

const rootPrefix = 'application.';

function shortId(id: string): string {
  return id.startsWith(rootPrefix) ? id.slice(rootPrefix.length) : id;
}

function StateNodeView({ node, active }: { node: GraphNode; active: ReadonlySet<string> }) {
  const isActive = active.has(node.id);
  return (
    <li
      className={isActive ? 'machine-inspector__state machine-inspector__state--active' : 'machine-inspector__state'}
      aria-current={isActive ? 'true' : undefined}
      data-state-id={shortId(node.id)}
    >
      <span className="machine-inspector__state-name">{node.key}</span>
      {node.type === 'parallel' ? <span className="machine-inspector__state-kind"> (parallel regions)</span> : null}
      {isActive ? <span className="machine-inspector__state-kind"> (current)</span> : null}
      {node.transitions.length > 0 ? (
        <details className="machine-inspector__transitions">
          <summary>
            {node.transitions.length} transition{node.transitions.length === 1 ? '' : 's'}
          </summary>
          <ul>
            {node.transitions.map((transition, index) => (
              <li key={index}>
                <code>{transition.event}</code> → {transition.target ? shortId(transition.target) : '(stays)'}
                {transition.guard ? <span className="machine-inspector__guard"> if {transition.guard}</span> : null}
              </li>
            ))}
          </ul>
        </details>
      ) : null}
      {node.children.length > 0 ? (
        <ul className="machine-inspector__states">
          {node.children.map((child) => (
            <StateNodeView key={child.id} node={child} active={active} />
          ))}
        </ul>
      ) : null}
    </li>
  );
}

/** The machine drawn from `toDirectedGraph`: every region and state, the current ones marked. */
export function StatechartView({ snapshot }: { snapshot: ApplicationSnapshot }) {
  const graph = machineGraph();
  const active = useMemo(() => activeStateIds(snapshot.value), [snapshot.value]);
  return (
    <ul className="machine-inspector__states machine-inspector__states--root" aria-label="Statechart">
      <StateNodeView node={graph} active={active} />
    </ul>
  );
}

function openReveals(snapshot: ApplicationSnapshot): string[] {
  const reveals = (snapshot.value as unknown as { reveals: Record<string, string> }).reveals;
  return Object.entries(reveals)
    .filter(([, state]) => state !== 'hidden')
    .map(([region, state]) => `${region} = ${state}`);
}

function regionState(value: unknown): string {
  if (typeof value === 'string') return value;
  if (value && typeof value === 'object') return Object.entries(value).map(([key, child]) => `${key}.${regionState(child)}`).join(', ');
  return '';
}

/** Where the machine is, the reveals open, and how many entries each list holds. */
export function CurrentStateView({ snapshot }: { snapshot: ApplicationSnapshot }) {
  const value = snapshot.value as unknown as Record<string, unknown>;
  const reveals = openReveals(snapshot);
  const sizes = listSizes(snapshot);
  return (
    <>
      <dl className="machine-inspector__summary">
        <dt>Step</dt>
        <dd data-testid="inspector-step">{regionState(value.step)}</dd>
        <dt>Open reveals</dt>
        <dd>{reveals.length > 0 ? reveals.join('; ') : 'none'}</dd>
        <dt>Signature</dt>
        <dd>{regionState(value.signature)}</dd>
        <dt>Submission</dt>
        <dd>{regionState(value.submission)}</dd>
        <dt>History form</dt>
        <dd>{regionState(value.historyForm)}</dd>
      </dl>
      <table className="machine-inspector__table">
        <caption>Entries per list</caption>
        <thead>
          <tr>
            <th scope="col">Step</th>
            <th scope="col">List</th>
            <th scope="col">Entries</th>
          </tr>
        </thead>
        <tbody>
          {sizes.length === 0 ? (
            <tr>
              <td colSpan={3}>No list has entries yet.</td>
            </tr>
          ) : (
            sizes.map((size) => (
              <tr key={`${size.step}/${size.list}`}>
                <td>{size.step}</td>
                <td>{size.list}</td>
                <td>{size.entries}</td>
              </tr>
            ))
          )}
        </tbody>
      </table>
    </>
  );
}
