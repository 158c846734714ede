import type { ComponentType } from 'react';
import { ApplicationSubmittedModal } from './application-submitted-modal.tsx';
import { StartOverModal } from '../drafts/start-over-modal.tsx';

export interface ModalDefinition {
  title: string;
  /** Receives the whole navigation state, so a modal can carry data (a reference number, a link), and a way to close. */
  Body: ComponentType<{ data: unknown; close: () => void }>;
}

/** Modals that navigation state can open by name: `navigate(path, { state: { modal: NAME } })`. */
export const modalRegistry: Readonly<Record<string, ModalDefinition>> = {
  'application-submitted': { title: 'Application submitted', Body: ApplicationSubmittedModal },
  'start-over': { title: 'Start over?', Body: StartOverModal },
};

export function findModal(name: unknown): ModalDefinition | undefined {
  return typeof name === 'string' && Object.hasOwn(modalRegistry, name) ? modalRegistry[name] : undefined;
}
