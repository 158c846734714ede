import type { ComponentType } from 'react';
import { ApplicationSubmittedModal } from './application-submitted-modal.tsx';

export interface ModalDefinition {
  title: string;
  /** Receives the whole navigation state, so a modal can carry data (a reference number, a link). */
  Body: ComponentType<{ data: unknown }>;
}

/** Modals that navigation state can open by name: `navigate(path, { state: { modal: NAME } })`. */
export const modalRegistry: Readonly<Record<string, ModalDefinition>> = {
  'application-submitted': { title: 'Application submitted', Body: ApplicationSubmittedModal },
};

export function findModal(name: unknown): ModalDefinition | undefined {
  return typeof name === 'string' && Object.hasOwn(modalRegistry, name) ? modalRegistry[name] : undefined;
}
