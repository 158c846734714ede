import { useEffect, useId, useRef, type ReactNode } from 'react';

interface ModalDialogProps {
  title: string;
  children: ReactNode;
  onClose: () => void;
}

/**
 * A modal built on the native <dialog>: `showModal()` makes the rest of the page inert, Escape fires
 * `cancel`, and focus is moved to the title on open and handed back to the opener on close.
 */
export function ModalDialog({ title, children, onClose }: ModalDialogProps) {
  const dialogRef = useRef<HTMLDialogElement>(null);
  const titleRef = useRef<HTMLHeadingElement>(null);
  const titleId = useId();
  const onCloseRef = useRef(onClose);

  useEffect(() => {
    onCloseRef.current = onClose;
  }, [onClose]);

  useEffect(() => {
    const dialog = dialogRef.current;
    if (!dialog) return undefined;
    const opener = document.activeElement instanceof HTMLElement ? document.activeElement : null;
    if (!dialog.open) dialog.showModal();
    titleRef.current?.focus();
    const handleCancel = (event: Event) => {
      event.preventDefault();
      onCloseRef.current();
    };
    dialog.addEventListener('cancel', handleCancel);
    return () => {
      dialog.removeEventListener('cancel', handleCancel);
      if (dialog.open) dialog.close();
      const fallback = document.querySelector<HTMLElement>('main h1');
      const target = opener && opener.isConnected && opener !== document.body ? opener : fallback;
      target?.focus();
    };
  }, []);

  return (
    <dialog ref={dialogRef} className="modal" aria-labelledby={titleId}>
      <h2 id={titleId} ref={titleRef} className="modal__title" tabIndex={-1}>
        {title}
      </h2>
      <div className="modal__body">{children}</div>
      <button type="button" className="button button--secondary modal__close" onClick={onClose}>
        Close
      </button>
    </dialog>
  );
}
