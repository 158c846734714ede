import { createActor, type ActorRefFrom } from 'xstate';
import { applicationMachine } from '../../machines/application-machine.ts';

export type ApplicationActor = ActorRefFrom<typeof applicationMachine>;

/**
 * Starts the application actor already on the step of `path`, so the first render shows the page
 * the browser asked for (a deep link never flashes the home page).
 */
export function startApplicationActor(path: string): ApplicationActor {
  const actor = createActor(applicationMachine);
  actor.start();
  actor.send({ type: 'route.changed', path });
  return actor;
}
