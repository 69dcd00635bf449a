// The widgets a page mounts at once reach InstantSearch in one addWidgets
// call (issue 14: the listing's 19 calls, each recomputing every widget's
// parameters, were ~100 ms of a phone's first commit), and behave as before.
import { cleanup, render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { StrictMode, useState } from 'react';
import type { SearchClient } from 'instantsearch.js';
import { useHits, useInstantSearchContext, useRefinementList, useSearchBox } from 'react-instantsearch';
import { afterEach, describe, expect, it } from 'vitest';
import { fakeSearchClient } from '../../test/fakeSearchClient';
import { stock } from '../../test/fixtures';
import { SiteInstantSearch } from './SiteInstantSearch';

afterEach(cleanup);

/** Spy wraps the main index's addWidgets once, in render, before any widget's layout effect. */
function Spy({ calls }: { calls: number[][] }) {
  const index = useInstantSearchContext().mainIndex;
  const own = index as typeof index & { spied?: boolean };
  if (!own.spied) {
    own.spied = true;
    const add = index.addWidgets;
    index.addWidgets = function (widgets) {
      calls.push(widgets.map(() => 1));
      return add.call(this, widgets);
    };
  }
  return null;
}

function Makes() {
  const { items, refine } = useRefinementList({ attribute: 'make' });
  return (
    <ul aria-label="Makes">
      {items.map((i) => (
        <li key={i.value}>
          <button onClick={() => refine(i.value)}>{`${i.label} (${i.count})`}</button>
        </li>
      ))}
    </ul>
  );
}

function Count() {
  const { results } = useHits();
  return <p>{`${results?.nbHits ?? '…'} cars`}</p>;
}

function Query() {
  useSearchBox();
  return null;
}

function Page() {
  const [more, setMore] = useState(false);
  return (
    <>
      <button onClick={() => setMore(true)}>More</button>
      <Query />
      <Makes />
      <Count />
      {more ? <LaterCount /> : null}
    </>
  );
}

function LaterCount() {
  const { results } = useHits();
  return <p>{`later: ${results?.nbHits ?? '…'}`}</p>;
}

describe('WidgetsAddedTogether (issue 14)', () => {
  it('hands the first commit’s widgets over in one call, and a widget mounted later on its own; both work', async () => {
    const client = fakeSearchClient(stock(30));
    const calls: number[][] = [];
    render(
      <SiteInstantSearch searchClient={client as unknown as SearchClient} indexName="cars">
        <Spy calls={calls} />
        <Page />
      </SiteInstantSearch>,
    );
    expect(await screen.findByText('30 cars')).toBeInTheDocument();
    // Query, Makes and Count: one call with three widgets.
    expect(calls).toEqual([[1, 1, 1]]);
    expect(client.search).toHaveBeenCalledTimes(1);
    // The refinement list was initialised: refining narrows the count.
    const first = (await screen.findAllByRole('button', { name: /\(\d+\)$/ }))[0];
    const count = Number(first.textContent!.match(/\((\d+)\)/)![1]);
    await userEvent.click(first);
    expect(await screen.findByText(`${count} cars`)).toBeInTheDocument();
    // A widget mounted later adds itself at once, with the refined state.
    await userEvent.click(screen.getByRole('button', { name: 'More' }));
    expect(await screen.findByText(`later: ${count}`)).toBeInTheDocument();
    expect(calls).toEqual([[1, 1, 1], [1]]);
  });

  it('adds each widget once under StrictMode, whose effects run twice in development', async () => {
    const client = fakeSearchClient(stock(30));
    const calls: number[][] = [];
    render(
      <StrictMode>
        <SiteInstantSearch searchClient={client as unknown as SearchClient} indexName="cars">
          <Spy calls={calls} />
          <Page />
        </SiteInstantSearch>
      </StrictMode>,
    );
    expect(await screen.findByText('30 cars')).toBeInTheDocument();
    expect(calls).toEqual([[1, 1, 1]]);
    const first = (await screen.findAllByRole('button', { name: /\(\d+\)$/ }))[0];
    const count = Number(first.textContent!.match(/\((\d+)\)/)![1]);
    await userEvent.click(first);
    expect(await screen.findByText(`${count} cars`)).toBeInTheDocument();
  });
});
