import { createActor, fromPromise, type ActorRefFrom, type InspectionEvent, type Observer } from 'xstate';
import { applicationMachine, type ApplicationSnapshot, type SubmissionInput, type SubmissionReceipt } from '../../machines/application-machine.ts';
import { submitApplicationOverHttp } from './submit-application.ts';

export type ApplicationActor = ActorRefFrom<typeof applicationMachine>;

export interface ApplicationActorOptions {
  /** How the application is sent; over HTTP to `/api/applications` unless given. */
  submit?: (input: SubmissionInput) => Promise<SubmissionReceipt>;
}

export interface StartOptions extends ApplicationActorOptions {
  /** A saved draft's snapshot to resume. */
  snapshot?: ApplicationSnapshot;
  /** An inspector attached from the actor's creation (`?inspect`, development and preview builds). */
  inspect?: Observer<InspectionEvent>;
}

/** The application machine with the app's implementations of what it leaves open. */
export function providedApplicationMachine({ submit = submitApplicationOverHttp }: ApplicationActorOptions = {}) {
  return applicationMachine.provide({
    actors: { submitApplication: fromPromise<SubmissionReceipt, SubmissionInput>(({ input }) => submit(input)) },
  });
}

/**
 * Starts the application actor already on the step of `path`, so the first render shows the page
 * the browser asked for (a deep link never flashes the home page). A resumed draft opened at `/`
 * stays on its own step (decision 22).
 */
export function startApplicationActor(path: string, { snapshot, inspect, ...options }: StartOptions = {}): ApplicationActor {
  const actor = createActor(providedApplicationMachine(options), { ...(snapshot ? { snapshot } : {}), ...(inspect ? { inspect } : {}) });
  actor.start();
  if (!snapshot || path !== '/') actor.send({ type: 'route.changed', path });
  return actor;
}
