import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useState } from 'react';
import { beforeAll, describe, expect, it } from 'vitest';
import { initI18n } from '@/lib/i18n';
import { Modal } from './modal';

beforeAll(async () => {
  await initI18n('en');
});

function Harness() {
  const [open, setOpen] = useState(false);
  return (
    <div>
      <button type="button" onClick={() => setOpen(true)}>
        Open coupon
      </button>
      <button type="button">Behind</button>
      <Modal open={open} onClose={() => setOpen(false)} title="Redeem a coupon">
        <label>
          Code <input />
        </label>
        <button type="button">Apply</button>
      </Modal>
    </div>
  );
}

describe('Modal', () => {
  it('is a labelled modal dialog that takes focus to its first field', async () => {
    render(<Harness />);
    await userEvent.click(screen.getByRole('button', { name: 'Open coupon' }));
    const dialog = screen.getByRole('dialog', { name: 'Redeem a coupon' });
    expect(dialog).toHaveAttribute('aria-modal', 'true');
    expect(screen.getByRole('textbox', { name: 'Code' })).toHaveFocus();
  });

  it('keeps Tab and Shift+Tab inside the dialog', async () => {
    render(<Harness />);
    await userEvent.click(screen.getByRole('button', { name: 'Open coupon' }));
    await userEvent.tab(); // Code → Apply
    expect(screen.getByRole('button', { name: 'Apply' })).toHaveFocus();
    await userEvent.tab(); // Apply is last → wraps to the close button
    expect(screen.getByRole('button', { name: 'Close' })).toHaveFocus();
    await userEvent.tab({ shift: true }); // close button is first → wraps to Apply
    expect(screen.getByRole('button', { name: 'Apply' })).toHaveFocus();
  });

  it('makes the page behind inert while open', async () => {
    const { container } = render(<Harness />);
    await userEvent.click(screen.getByRole('button', { name: 'Open coupon' }));
    expect(container.inert).toBe(true);
    await userEvent.keyboard('{Escape}');
    expect(container.inert).toBe(false);
  });

  it('closes on Escape and on the close button, giving focus back to the opener', async () => {
    render(<Harness />);
    const opener = screen.getByRole('button', { name: 'Open coupon' });
    await userEvent.click(opener);
    await userEvent.keyboard('{Escape}');
    expect(screen.queryByRole('dialog')).toBeNull();
    expect(opener).toHaveFocus();

    await userEvent.click(opener);
    await userEvent.click(screen.getByRole('button', { name: 'Close' }));
    expect(screen.queryByRole('dialog')).toBeNull();
    expect(opener).toHaveFocus();
  });

  it('still closes on Escape when focus has fallen to <body> (a control disabled itself)', async () => {
    render(<Harness />);
    const opener = screen.getByRole('button', { name: 'Open coupon' });
    await userEvent.click(opener);
    (document.activeElement as HTMLElement).blur();
    expect(document.body).toHaveFocus();
    await userEvent.keyboard('{Escape}');
    expect(screen.queryByRole('dialog')).toBeNull();
    expect(opener).toHaveFocus();
  });

  it('closes only the innermost of two open dialogs on Escape', async () => {
    function Nested() {
      const [outer, setOuter] = useState(true);
      const [inner, setInner] = useState(false);
      return (
        <Modal open={outer} onClose={() => setOuter(false)} title="Outer">
          <button type="button" onClick={() => setInner(true)}>
            Open inner
          </button>
          <Modal open={inner} onClose={() => setInner(false)} title="Inner">
            <button type="button">Inside</button>
          </Modal>
        </Modal>
      );
    }
    render(<Nested />);
    await userEvent.click(screen.getByRole('button', { name: 'Open inner' }));
    expect(screen.getByRole('dialog', { name: 'Inner' })).toBeInTheDocument();
    await userEvent.keyboard('{Escape}');
    expect(screen.queryByRole('dialog', { name: 'Inner' })).toBeNull();
    expect(screen.getByRole('dialog', { name: 'Outer' })).toBeInTheDocument();
  });
});
