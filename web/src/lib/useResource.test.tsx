// useResource is the one fetch effect of the web (issue 36). given: data the
// page came with is ready at the first render and not fetched (issue 32 item
// 11), even under StrictMode's second effect run; a later key is fetched.
import { render, screen } from '@testing-library/react';
import { StrictMode } from 'react';
import { describe, expect, it } from 'vitest';
import { useResource } from './useResource';

function Show({ k, given, calls }: { k: string; given?: string; calls: string[] }) {
  const r = useResource(
    k,
    (_signal) => {
      calls.push(k);
      return Promise.resolve(`fetched ${k}`);
    },
    given === undefined ? undefined : { status: 'ready', data: given },
  );
  return <p>{r.status === 'ready' ? r.data : r.status}</p>;
}

describe('useResource', () => {
  const cases = [
    { name: 'without given data: loading, then fetched', given: undefined, first: 'loading', calls: ['a'], shown: 'fetched a' },
    { name: 'with given data: ready at once, not fetched', given: 'from the page', first: 'from the page', calls: [], shown: 'from the page' },
  ];
  it.each(cases)('$name', async ({ given, first, calls, shown }) => {
    const seen: string[] = [];
    const { rerender, container } = render(
      <StrictMode>
        <Show k="a" given={given} calls={seen} />
      </StrictMode>,
    );
    expect(container.querySelector('p')).toHaveTextContent(first);
    expect(await screen.findByText(shown)).toBeInTheDocument();
    expect([...new Set(seen)]).toEqual(calls);
    // A later key is fetched, given data or not.
    rerender(
      <StrictMode>
        <Show k="b" given={given} calls={seen} />
      </StrictMode>,
    );
    expect(await screen.findByText('fetched b')).toBeInTheDocument();
  });
});
