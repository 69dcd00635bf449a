// Issue 36: one TabList for the car page's and the location page's tabs;
// the WAI-ARIA tabs pattern's keys: arrows (wrapping), Home and End.
import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useState } from 'react';
import { describe, expect, it } from 'vitest';
import { TabList } from './Tabs';

const NAMES = ['Sales', 'Service', 'Parts'];

function Three() {
  const [current, setCurrent] = useState(0);
  return (
    <>
      <TabList tabs={NAMES.map((n) => ({ key: n, id: `tab-${n}`, controls: 'panel', label: n }))} current={current} onSelect={setCurrent} label="Department" />
      <div id="panel" role="tabpanel" aria-labelledby={`tab-${NAMES[current]}`}>
        {NAMES[current]} hours
      </div>
    </>
  );
}

describe('TabList keyboard (issue 36: one tab keyboard handling)', () => {
  const cases = [
    { key: '{ArrowRight}', from: 'Sales', to: 'Service' },
    { key: '{ArrowLeft}', from: 'Sales', to: 'Parts' },
    { key: '{ArrowRight}', from: 'Parts', to: 'Sales' },
    { key: '{End}', from: 'Sales', to: 'Parts' },
    { key: '{Home}', from: 'Parts', to: 'Sales' },
  ];
  it.each(cases)('$key on $from selects and focuses $to', async ({ key, from, to }) => {
    const user = userEvent.setup();
    render(<Three />);
    await user.click(screen.getByRole('tab', { name: from }));
    await user.keyboard(key);
    const tab = screen.getByRole('tab', { name: to });
    expect(tab).toHaveAttribute('aria-selected', 'true');
    expect(tab).toHaveAttribute('tabindex', '0');
    expect(document.activeElement).toBe(tab);
    expect(screen.getByRole('tabpanel')).toHaveTextContent(`${to} hours`);
    // One tab stop: the others are out of the Tab order.
    expect(screen.getAllByRole('tab').filter((t) => t.getAttribute('tabindex') === '0')).toHaveLength(1);
  });

  it('leaves other keys to the page', async () => {
    const user = userEvent.setup();
    render(<Three />);
    await user.click(screen.getByRole('tab', { name: 'Service' }));
    await user.keyboard('{ArrowDown}');
    expect(screen.getByRole('tab', { name: 'Service' })).toHaveAttribute('aria-selected', 'true');
  });
});
