import { createActor, fromPromise, type ActorRefFrom } from 'xstate';
import { applicationMachine, type SubmissionInput, type SubmissionReceipt } from '../../machines/application-machine.ts';
import { submitApplicationOverHttp } from './submit-application.ts';

export type ApplicationActor = ActorRefFrom<typeof applicationMachine>;

export interface ApplicationActorOptions {
  /** How the application is sent; over HTTP to `/api/applications` unless given. */
  submit?: (input: SubmissionInput) => Promise<SubmissionReceipt>;
}

/** The application machine with the app's implementations of what it leaves open. */
export function providedApplicationMachine({ submit = submitApplicationOverHttp }: ApplicationActorOptions = {}) {
  return applicationMachine.provide({
    actors: { submitApplication: fromPromise<SubmissionReceipt, SubmissionInput>(({ input }) => submit(input)) },
  });
}

/**
 * Starts the application actor already on the step of `path`, so the first render shows the page
 * the browser asked for (a deep link never flashes the home page).
 */
export function startApplicationActor(path: string, options: ApplicationActorOptions = {}): ApplicationActor {
  const actor = createActor(providedApplicationMachine(options));
  actor.start();
  actor.send({ type: 'route.changed', path });
  return actor;
}
