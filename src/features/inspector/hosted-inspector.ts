import type { InspectionEvent, Observer } from 'xstate';
import type { ApplicationActor } from '../../shared/application-actor.ts';
import { maskContext, maskEvent } from './masking.ts';

/**
 * `?inspect`: Stately's hosted inspector (`@statelyai/inspect`). It opens stately.ai/inspect in a new
 * window (the browser may ask to allow the pop-up) and draws the statechart and the sequence of events
 * there, so it needs the internet. The SSN and the signature image never leave the page.
 */

export interface HostedInspector {
  /** Passed as `inspect` when the application actor is created (`startApplicationActor`). */
  readonly inspect: Observer<InspectionEvent>;
  /** An actor created without it (Start over, another tab's answers): attach it and announce the actor. */
  follow(actor: ApplicationActor): void;
}

export async function createHostedInspector(): Promise<HostedInspector> {
  const { createBrowserInspector } = await import('@statelyai/inspect');
  const inspector = createBrowserInspector({
    sanitizeEvent: (event) => maskEvent(event),
    sanitizeContext: (context) => maskContext(context),
  });
  // Every actor this inspector has been told about, whether attached at creation or by `follow`.
  const inspected = new WeakSet<object>();
  const inspect: Observer<InspectionEvent> = {
    next(event) {
      if (event.type === '@xstate.actor') inspected.add(event.actorRef);
      inspector.inspect.next?.(event);
    },
  };

  return {
    inspect,
    follow(actor) {
      if (inspected.has(actor)) return;
      actor.system.inspect(inspect);
      // What `createActor(…, { inspect })` reports first, so the hosted view draws the new actor.
      inspect.next?.({ type: '@xstate.actor', actorRef: actor, rootId: actor.sessionId });
    },
  };
}
