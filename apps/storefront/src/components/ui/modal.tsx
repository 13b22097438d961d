import { useEffect, useId, useRef, type ReactNode } from 'react';
import { createPortal } from 'react-dom';
import { useTranslation } from '@/lib/use-translation';
import './modal.css';

const FOCUSABLE =
  'a[href], area[href], button:not([disabled]), input:not([disabled]):not([type="hidden"]), select:not([disabled]), textarea:not([disabled]), iframe, [tabindex]:not([tabindex="-1"]), [contenteditable="true"]';

interface ModalProps {
  open: boolean;
  onClose: () => void;
  title: ReactNode;
  children: ReactNode;
}

/**
 * Open dialogs, innermost last: Escape closes only the top one (a captcha
 * opened from the coupon modal closes before the coupon modal does).
 */
const openDialogs: HTMLElement[] = [];

/**
 * A modal dialog: labelled by its title, focus moves in and is trapped
 * there, Esc closes it, the page behind is inert, and focus returns to
 * whatever opened it.
 */
export function Modal({ open, onClose, title, children }: ModalProps) {
  if (!open) return null;
  return createPortal(
    <ModalDialog onClose={onClose} title={title}>
      {children}
    </ModalDialog>,
    document.body,
  );
}

function ModalDialog({ onClose, title, children }: Omit<ModalProps, 'open'>) {
  const { t } = useTranslation();
  const titleId = useId();
  const dialog = useRef<HTMLDivElement>(null);
  const close = useRef(onClose);
  useEffect(() => {
    close.current = onClose;
  }, [onClose]);

  useEffect(() => {
    const opener = document.activeElement instanceof HTMLElement ? document.activeElement : null;
    const node = dialog.current;
    const backdrop = node?.parentElement;
    // Everything else in <body> goes inert so neither Tab nor a screen reader leaves the dialog.
    const others = [...document.body.children].filter(
      (element): element is HTMLElement =>
        element instanceof HTMLElement && element !== backdrop && !element.inert,
    );
    for (const element of others) element.inert = true;
    // The first control of the content (a form's first field), else the close button.
    const first =
      node?.querySelector('.kassa-modal__body')?.querySelector<HTMLElement>(FOCUSABLE) ??
      node?.querySelector<HTMLElement>(FOCUSABLE);
    (first ?? node)?.focus();
    if (node) openDialogs.push(node);
    // Escape is heard on the document, not only inside the dialog: a control that
    // disables itself while it works (Apply) drops focus to <body>, and the dialog
    // must still close on Escape then.
    function onDocumentKey(event: KeyboardEvent) {
      if (event.key !== 'Escape' || openDialogs.at(-1) !== node) return;
      event.stopPropagation();
      close.current();
    }
    // Focus that falls out of the dialog (a disabled or removed control) comes back to it.
    function onFocusOut(event: FocusEvent) {
      if (event.relatedTarget !== null) return;
      queueMicrotask(() => {
        const active = document.activeElement;
        if (node && openDialogs.at(-1) === node && (active === null || active === document.body)) node.focus();
      });
    }
    document.addEventListener('keydown', onDocumentKey);
    node?.addEventListener('focusout', onFocusOut);
    return () => {
      document.removeEventListener('keydown', onDocumentKey);
      node?.removeEventListener('focusout', onFocusOut);
      const at = node ? openDialogs.indexOf(node) : -1;
      if (at >= 0) openDialogs.splice(at, 1);
      for (const element of others) element.inert = false;
      opener?.focus();
    };
  }, []);

  function onKeyDown(event: React.KeyboardEvent<HTMLDivElement>) {
    if (event.key !== 'Tab' || !dialog.current) return;
    const focusable = [...dialog.current.querySelectorAll<HTMLElement>(FOCUSABLE)];
    const first = focusable[0];
    const last = focusable.at(-1);
    if (!first || !last) {
      event.preventDefault();
      return;
    }
    if (event.shiftKey && document.activeElement === first) {
      event.preventDefault();
      last.focus();
    } else if (!event.shiftKey && document.activeElement === last) {
      event.preventDefault();
      first.focus();
    }
  }

  return (
    <div
      className="kassa-modal__backdrop"
      onMouseDown={(event) => {
        if (event.target === event.currentTarget) close.current();
      }}
    >
      <div
        ref={dialog}
        className="kassa-modal"
        role="dialog"
        aria-modal="true"
        aria-labelledby={titleId}
        tabIndex={-1}
        onKeyDown={onKeyDown}
      >
        <div className="kassa-modal__header">
          <h2 id={titleId} className="kassa-modal__title">
            {title}
          </h2>
          <button
            type="button"
            className="kassa-modal__close"
            aria-label={t('modal.close')}
            onClick={() => close.current()}
          >
            <span aria-hidden="true">×</span>
          </button>
        </div>
        <div className="kassa-modal__body">{children}</div>
      </div>
    </div>
  );
}
