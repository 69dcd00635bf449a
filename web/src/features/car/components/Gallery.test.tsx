// The car page's photos opened full screen (issue 32 item 15: "the photo
// cannot be opened full screen"): a dialog that opens from the gallery, moves
// with the arrow keys and a swipe, keeps the keyboard inside, closes on
// Escape or Close and gives the focus back.
import { fireEvent, render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { Gallery } from './Gallery';

const TITLE = '2020 Mazda CX-5';
const IMAGES = ['/media/a.jpg', '/media/b.jpg', '/media/c.jpg'];

function open() {
  const user = userEvent.setup();
  render(<Gallery images={IMAGES} title={TITLE} placeholder="New Arrival" />);
  return user;
}

describe('photo viewer (issue 32 item 15)', () => {
  it('opens full screen from the gallery at the photo shown, moves with the arrow keys, closes on Escape and gives the focus back', async () => {
    const user = open();
    await user.click(screen.getByRole('button', { name: 'Next photo' }));
    const opener = screen.getByRole('button', { name: 'View photos full screen' });
    await user.click(opener);
    const dialog = await screen.findByRole('dialog', { name: `Photos of ${TITLE}` });
    expect(dialog).toHaveAttribute('aria-modal', 'true');
    expect(screen.getByRole('img', { name: `${TITLE}, photo 2 of 3, full screen` })).toHaveAttribute('src', IMAGES[1]);
    expect(screen.getByRole('button', { name: 'Close' })).toHaveFocus();
    await user.keyboard('{ArrowRight}');
    expect(screen.getByRole('img', { name: `${TITLE}, photo 3 of 3, full screen` })).toBeInTheDocument();
    await user.keyboard('{ArrowRight}');
    expect(screen.getByRole('img', { name: `${TITLE}, photo 1 of 3, full screen` })).toBeInTheDocument();
    await user.keyboard('{ArrowLeft}');
    await user.keyboard('{Escape}');
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(opener).toHaveFocus();
    // The gallery shows the photo the shopper stopped at.
    expect(screen.getByRole('img', { name: `${TITLE}, photo 3 of 3` })).toBeInTheDocument();
  });

  it('still answers the keys after the shopper clicks the photo (the focus stays in the dialog)', async () => {
    const user = open();
    await user.click(screen.getByRole('button', { name: 'View photos full screen' }));
    const photo = await screen.findByRole('img', { name: `${TITLE}, photo 1 of 3, full screen` });
    await user.click(photo);
    await user.keyboard('{ArrowRight}');
    expect(screen.getByRole('img', { name: `${TITLE}, photo 2 of 3, full screen` })).toBeInTheDocument();
    await user.keyboard('{Escape}');
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
  });

  it('keeps the keyboard inside the dialog', async () => {
    const user = open();
    await user.click(screen.getByRole('button', { name: 'View photos full screen' }));
    const dialog = await screen.findByRole('dialog', { name: `Photos of ${TITLE}` });
    for (let i = 0; i < 5; i++) {
      await user.tab();
      expect(dialog).toContainElement(document.activeElement as HTMLElement);
    }
    await user.tab({ shift: true });
    expect(dialog).toContainElement(document.activeElement as HTMLElement);
  });

  it('a swipe left shows the next photo and a swipe right the previous; Close closes', async () => {
    const user = open();
    await user.click(screen.getByRole('button', { name: 'View photos full screen' }));
    const photo = await screen.findByRole('img', { name: `${TITLE}, photo 1 of 3, full screen` });
    fireEvent.touchStart(photo, { touches: [{ clientX: 300, clientY: 200 }] });
    fireEvent.touchEnd(photo, { changedTouches: [{ clientX: 120, clientY: 210 }] });
    expect(screen.getByRole('img', { name: `${TITLE}, photo 2 of 3, full screen` })).toBeInTheDocument();
    const again = screen.getByRole('img', { name: `${TITLE}, photo 2 of 3, full screen` });
    fireEvent.touchStart(again, { touches: [{ clientX: 100, clientY: 200 }] });
    fireEvent.touchEnd(again, { changedTouches: [{ clientX: 280, clientY: 190 }] });
    expect(screen.getByRole('img', { name: `${TITLE}, photo 1 of 3, full screen` })).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Close' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
  });
});
