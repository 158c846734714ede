import { useSyncExternalStore } from 'react';
import type { InspectorController, InspectorState } from './inspector-controller.ts';

export function useInspectorState(controller: InspectorController): InspectorState {
  return useSyncExternalStore(controller.subscribe, controller.getState);
}
