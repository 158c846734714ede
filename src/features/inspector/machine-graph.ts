import type { StateValue } from 'xstate';
import { toDirectedGraph, type DirectedGraphNode } from 'xstate/graph';
import { applicationMachine, type ApplicationSnapshot } from '../../../machines/application-machine.ts';
import { entriesOf } from '../../../machines/form/answers.ts';
import { getStep, isStepId } from '../../../machines/steps.ts';

/** The application machine as the inspector draws it: nested regions and states, each with its transitions. */

export interface GraphTransition {
  readonly event: string;
  /** The target state's id, or null for a transition that stays (actions only). */
  readonly target: string | null;
  readonly guard: string | null;
}

export interface GraphNode {
  /** The state node's id, e.g. `application.step.military` or `application.reveals.military:ever-in-military.yes`. */
  readonly id: string;
  /** Its key within its parent, e.g. `military`. */
  readonly key: string;
  readonly type: 'atomic' | 'compound' | 'parallel' | 'final' | 'history';
  readonly children: readonly GraphNode[];
  readonly transitions: readonly GraphTransition[];
}

function guardName(guard: unknown): string | null {
  if (!guard) return null;
  if (typeof guard === 'string') return guard;
  if (typeof guard === 'function') {
    // Higher-order guards (`not(…)`, `and(…)`) keep their operands on the function.
    const { guards } = guard as { guards?: unknown[] };
    const operator = ((guard as { check?: { name?: string } }).check?.name ?? guard.name).replace(/^check/, '').toLowerCase();
    return guards ? `${operator || 'guard'}(${guards.map(guardName).join(', ')})` : guard.name || 'guard';
  }
  if (typeof guard === 'object' && 'type' in guard) {
    const { type, params } = guard as { type: unknown; params?: unknown };
    return params && typeof params === 'object' ? `${String(type)}(${Object.values(params).map(String).join(', ')})` : String(type);
  }
  return 'guard';
}

function toGraphNode(node: DirectedGraphNode): GraphNode {
  const { stateNode } = node;
  return {
    id: node.id,
    key: stateNode.key,
    type: stateNode.type,
    children: node.children.map(toGraphNode),
    transitions: [
      ...node.edges.map((edge) => ({
        event: edge.label.text,
        target: edge.transition.target ? edge.target.id : null,
        guard: guardName(edge.transition.guard),
      })),
      // Eventless transitions (the reveal regions follow the answers with them): `toDirectedGraph` leaves them out.
      ...(stateNode.always ?? []).map((transition) => ({
        event: 'always',
        target: transition.target?.[0]?.id ?? null,
        guard: guardName(transition.guard),
      })),
    ],
  };
}

let graph: GraphNode | undefined;

/** The graph of the application machine, from `toDirectedGraph` (computed once). */
export function machineGraph(): GraphNode {
  graph ??= toGraphNode(toDirectedGraph(applicationMachine));
  return graph;
}

/** The ids of every active state node of a snapshot (its regions and, in each, the state it is in). */
export function activeStateIds(value: StateValue, prefix = applicationMachine.id): Set<string> {
  const ids = new Set<string>([prefix]);
  if (typeof value === 'string') {
    ids.add(`${prefix}.${value}`);
    return ids;
  }
  for (const [key, child] of Object.entries(value)) {
    for (const id of activeStateIds(child as StateValue, `${prefix}.${key}`)) ids.add(id);
  }
  return ids;
}

export interface ListSize {
  readonly step: string;
  readonly list: string;
  readonly entries: number;
}

/** How many entries each list holds in the answers (every list the applicant has seen, and the pre-listed ones). */
export function listSizes(snapshot: ApplicationSnapshot): ListSize[] {
  const sizes: ListSize[] = [];
  for (const [step, values] of Object.entries(snapshot.context.answers)) {
    if (!values) continue;
    for (const [name, value] of Object.entries(values)) {
      if (!Array.isArray(value) || !value.every((item) => typeof item === 'object' && item !== null)) continue;
      sizes.push({ step: isStepId(step) ? getStep(step).title || step : step, list: name, entries: entriesOf(values, name).length });
    }
  }
  return sizes;
}
