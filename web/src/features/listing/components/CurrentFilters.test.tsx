import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it } from 'vitest';
import { fakeSearchClient } from '../../../test/fakeSearchClient';
import { stock } from '../../../test/fixtures';
import { renderListing } from '../test/renderListing';

afterEach(() => {
  window.history.replaceState(null, '', '/');
});

const chips = () =>
  within(screen.getByRole('list', { name: 'Active filters' }))
    .getAllByRole('button')
    .map((b) => b.getAttribute('aria-label'));

/** heldClient answers no search until release() is called. */
function heldClient() {
  const fake = fakeSearchClient(stock(50));
  const answer = fake.search.getMockImplementation()!;
  let release = () => {};
  const gate = new Promise<void>((resolve) => {
    release = resolve;
  });
  fake.search.mockImplementation(async (input) => {
    await gate;
    return answer(input);
  });
  return { fake, release };
}

describe('active filter chips (issue 5: CLS <= 0.05 on a refined listing)', () => {
  it('are on screen from the URL before the first results, in filter-panel order, and stay put when results arrive', async () => {
    const { fake, release } = heldClient();
    renderListing('/search/used-cars?make=Toyota&price=10000:60000', { client: fake });
    const before = ['Remove Make: Toyota', 'Remove Condition: Used', 'Remove Price: $10,000 – $60,000'];
    expect(chips()).toEqual(before);
    expect(screen.queryByRole('article')).not.toBeInTheDocument();

    release();
    await waitFor(() => expect(screen.getByRole('list', { name: 'Cars' })).toHaveAttribute('aria-busy', 'false'));
    expect(screen.getAllByRole('article').length).toBeGreaterThan(0);
    expect(chips()).toEqual(before);
  });

  it('an open-ended range is one chip; removing it clears that filter, goes back to page 1 and updates the URL', async () => {
    const user = userEvent.setup();
    renderListing('/search/used-cars?price=:30000&make=Toyota&page=2');
    expect(chips()).toEqual(['Remove Make: Toyota', 'Remove Condition: Used', 'Remove Price: up to $30,000']);

    await user.click(screen.getByRole('button', { name: 'Remove Price: up to $30,000' }));
    await waitFor(() => expect(window.location.pathname + window.location.search).toBe('/search/used-cars?make=Toyota'));
    expect(chips()).toEqual(['Remove Make: Toyota', 'Remove Condition: Used']);
  });

  it('are absent when nothing is refined', () => {
    renderListing('/search/new-used-and-demo-cars/');
    expect(screen.queryByRole('list', { name: 'Active filters' })).not.toBeInTheDocument();
  });
});
