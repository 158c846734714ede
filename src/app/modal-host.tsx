import { useCallback } from 'react';
import { useLocation, useNavigate } from 'react-router-dom';
import { findModal } from '../features/modals/modal-registry.ts';
import { ModalDialog } from '../shared/ui/modal-dialog.tsx';

/** Shows the modal named by the current navigation state; closing it clears that state. */
export function ModalHost() {
  const location = useLocation();
  const navigate = useNavigate();
  const state: unknown = location.state;
  const name = typeof state === 'object' && state !== null ? (state as { modal?: unknown }).modal : undefined;
  const modal = findModal(name);

  const close = useCallback(() => {
    navigate({ pathname: location.pathname, search: location.search, hash: location.hash }, { replace: true, state: null });
  }, [navigate, location.pathname, location.search, location.hash]);

  if (!modal) return null;
  const { title, Body } = modal;
  return (
    <ModalDialog key={location.key} title={title} onClose={close}>
      <Body data={state} close={close} />
    </ModalDialog>
  );
}
