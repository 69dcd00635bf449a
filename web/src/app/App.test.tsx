import { render, screen, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { siteResponse } from '../test/fixtures';
import { App } from './App';

afterEach(() => {
  vi.unstubAllGlobals();
  window.history.replaceState(null, '', '/');
  document.documentElement.removeAttribute('style');
});

describe('app shell (issue 2 item 8)', () => {
  it('loads the site once and shows the dealer name, logo, navigation and theme', async () => {
    const fetchMock = vi.fn(async (_input: RequestInfo | URL) => new Response(JSON.stringify(siteResponse({ template: 'modern' })), { status: 200 }));
    vi.stubGlobal('fetch', fetchMock);
    render(<App />);
    expect(screen.getByText('Loading…')).toBeInTheDocument();
    const home = await screen.findByRole('link', { name: 'Riverside Toyota home' }, { timeout: 5000 });
    expect(home.querySelector('img')).toHaveAttribute('src', '/media/logos/riverside.svg');
    expect(fetchMock).toHaveBeenCalledTimes(1);
    expect(fetchMock.mock.calls[0][0]).toBe('/api/site');
    const nav = screen.getByRole('navigation', { name: 'Main' });
    expect(nav).toHaveTextContent('Our Stock');
    expect(nav).toHaveTextContent('Used Cars');
    // The theme is applied by an effect after the layout's first paint.
    await waitFor(() => expect(document.documentElement.style.getPropertyValue('--fc-primary')).toBe('#c00000'));
    expect(document.querySelector('.layout')).toHaveClass('layout--modern');
    // The footer loads after the page (its own chunk).
    expect(await screen.findByRole('contentinfo')).toHaveTextContent('Riverside Toyota');
  });

  it('shows the error state when the site cannot load', async () => {
    vi.stubGlobal(
      'fetch',
      vi.fn(async () => new Response('{"error":{"code":"not_found","message":"no site"}}', { status: 404 })),
    );
    render(<App />);
    expect(await screen.findByRole('alert', {}, { timeout: 5000 })).toHaveTextContent('This site is unavailable');
  });

  it('lists only the car types a used-only dealer sells', async () => {
    vi.stubGlobal(
      'fetch',
      vi.fn(async () => new Response(JSON.stringify(siteResponse({ stock: { car_types: ['used'] } })), { status: 200 })),
    );
    render(<App />);
    const nav = await screen.findByRole('navigation', { name: 'Main' }, { timeout: 5000 });
    expect(nav).toHaveTextContent('Our Stock');
    expect(nav).not.toHaveTextContent('New Cars');
  });
});
