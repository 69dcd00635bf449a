import { Suspense } from 'react';
import { act, render, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { lazyPage } from './lazyPage';

// Issue 14 first paint: a page the server painted is replaced by the app's
// render of the page itself, never by its loading placeholder first.
describe('lazyPage', () => {
  it('renders a preloaded page at once, without the Suspense fallback', async () => {
    const Page = lazyPage(async () => ({ default: () => <h1>The car</h1> }));
    await Page.preload();
    render(
      <Suspense fallback={<p>Loading car…</p>}>
        <Page />
      </Suspense>,
    );
    // Synchronously after the first render: no await between.
    expect(screen.getByRole('heading', { name: 'The car' })).toBeTruthy();
    expect(screen.queryByText('Loading car…')).toBeNull();
  });

  it('suspends like React.lazy when not preloaded, and loads the module once', async () => {
    let loads = 0;
    const Page = lazyPage(async () => {
      loads += 1;
      return { default: () => <h1>Home</h1> };
    });
    render(
      <Suspense fallback={<p>Loading…</p>}>
        <Page />
      </Suspense>,
    );
    expect(screen.getByText('Loading…')).toBeTruthy();
    await act(() => Page.preload());
    expect(await screen.findByRole('heading', { name: 'Home' })).toBeTruthy();
    expect(loads).toBe(1);
  });
});
