import { createActor, type InspectionEvent, type Observer } from 'xstate';
import type { ApplicationSnapshot } from '../../../machines/application-machine.ts';
import { providedApplicationMachine, type ApplicationActor } from '../../shared/application-actor.ts';
import { maskContext, maskEvent } from './masking.ts';

/**
 * `?inspect`: Stately's hosted inspector (`@statelyai/inspect`). It opens stately.ai/inspect in a new
 * window (the browser may ask to allow the pop-up) and draws the statechart and the sequence of events
 * there, so it needs the internet. The SSN and the signature image never leave the page.
 */

export interface HostedInspector {
  /** Passed as `inspect` when the application actor is created. */
  readonly inspect: Observer<InspectionEvent>;
  /** Starts the application actor with the inspector attached, as `startApplicationActor` / `resumeApplicationActor` would. */
  startActor(path: string, snapshot?: ApplicationSnapshot): ApplicationActor;
  /** An actor created without it (Start over, another tab's answers): attach it and announce the actor. */
  follow(actor: ApplicationActor): void;
}

export async function createHostedInspector(): Promise<HostedInspector> {
  const { createBrowserInspector } = await import('@statelyai/inspect');
  const inspector = createBrowserInspector({
    sanitizeEvent: (event) => maskEvent(event),
    sanitizeContext: (context) => maskContext(context),
  });
  const { inspect } = inspector;
  const inspected = new WeakSet<ApplicationActor>();

  return {
    inspect,
    startActor(path, snapshot) {
      const actor = createActor(providedApplicationMachine(), snapshot ? { inspect, snapshot } : { inspect });
      inspected.add(actor);
      actor.start();
      // The same rule as `resumeApplicationActor`: a resumed draft opened at `/` stays on its own step.
      if (!snapshot || path !== '/') actor.send({ type: 'route.changed', path });
      return actor;
    },
    follow(actor) {
      if (inspected.has(actor)) return;
      inspected.add(actor);
      actor.system.inspect(inspect);
      // What `createActor(…, { inspect })` reports first, so the hosted view draws the new actor.
      inspect.next?.({ type: '@xstate.actor', actorRef: actor, rootId: actor.sessionId });
    },
  };
}
