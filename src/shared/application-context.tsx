import { createContext, useContext, type ReactNode } from 'react';
import { useSelector } from '@xstate/react';
import type { ApplicationSnapshot } from '../../machines/application-machine.ts';
import type { ApplicationActor } from './application-actor.ts';

const ApplicationActorContext = createContext<ApplicationActor | null>(null);

export function ApplicationProvider({ actor, children }: { actor: ApplicationActor; children: ReactNode }) {
  return <ApplicationActorContext.Provider value={actor}>{children}</ApplicationActorContext.Provider>;
}

export function useApplicationActor(): ApplicationActor {
  const actor = useContext(ApplicationActorContext);
  if (!actor) throw new Error('useApplicationActor must be used inside <ApplicationProvider>');
  return actor;
}

/** Subscribes to one slice of the machine's state; the component re-renders only when it changes. */
export function useApplicationSelector<T>(
  selector: (snapshot: ApplicationSnapshot) => T,
  compare?: (a: T, b: T) => boolean,
): T {
  return useSelector(useApplicationActor(), selector, compare);
}
