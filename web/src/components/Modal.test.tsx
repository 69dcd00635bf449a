// Issue 36: one Modal (and one useDialog) for every dialog; the WAI-ARIA
// dialog pattern's keyboard: focus in, Tab wraps, Escape closes, focus back.
import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useRef, useState } from 'react';
import { describe, expect, it } from 'vitest';
import { Modal, useDialog } from './Modal';

function Opener({ withInput = true }: { withInput?: boolean }) {
  const [open, setOpen] = useState(false);
  return (
    <>
      <button type="button" onClick={() => setOpen(true)}>
        Open
      </button>
      {open ? (
        <Modal title="Holiday Opening Hours" onClose={() => setOpen(false)}>
          {withInput ? <input aria-label="Name" /> : null}
          <a href="/terms">Terms</a>
        </Modal>
      ) : null}
    </>
  );
}

function Plain({ onClose }: { onClose: () => void }) {
  const box = useRef<HTMLDivElement>(null);
  const ok = useRef<HTMLButtonElement>(null);
  useDialog(box, onClose, () => ok.current);
  return (
    <div ref={box} role="dialog" aria-label="Certified">
      <a href="/more">More</a>
      <button ref={ok} type="button" onClick={onClose}>
        Close
      </button>
    </div>
  );
}

describe('Modal keyboard (issue 36: one focus trap)', () => {
  const cases = [
    { name: 'a form: focus on its first field', withInput: true, first: () => screen.getByRole('textbox', { name: 'Name' }) },
    { name: 'no field: focus on the dialog', withInput: false, first: () => screen.getByRole('dialog', { name: 'Holiday Opening Hours' }) },
  ];
  it.each(cases)('$name; Tab wraps inside, Escape closes and the focus goes back', async ({ withInput, first }) => {
    const user = userEvent.setup();
    render(<Opener withInput={withInput} />);
    const opener = screen.getByRole('button', { name: 'Open' });
    await user.click(opener);
    const dialog = screen.getByRole('dialog', { name: 'Holiday Opening Hours' });
    expect(dialog).toHaveAttribute('aria-modal', 'true');
    expect(document.activeElement).toBe(first());
    // Close (×) is the dialog's first control, Terms its last: Tab from the last wraps to the first, Shift+Tab back.
    screen.getByRole('link', { name: 'Terms' }).focus();
    await user.tab();
    expect(document.activeElement).toBe(screen.getByRole('button', { name: 'Close' }));
    await user.tab({ shift: true });
    expect(document.activeElement).toBe(screen.getByRole('link', { name: 'Terms' }));
    await user.keyboard('{Escape}');
    expect(screen.queryByRole('dialog')).toBeNull();
    expect(document.activeElement).toBe(opener);
  });

  it('useDialog focuses the element the dialog names, keeps Tab inside and calls onClose on Escape', async () => {
    const user = userEvent.setup();
    let closed = 0;
    render(<Plain onClose={() => closed++} />);
    const close = screen.getByRole('button', { name: 'Close' });
    expect(document.activeElement).toBe(close);
    await user.tab();
    expect(document.activeElement).toBe(screen.getByRole('link', { name: 'More' }));
    await user.tab({ shift: true });
    expect(document.activeElement).toBe(close);
    await user.keyboard('{Escape}');
    expect(closed).toBe(1);
  });
});
