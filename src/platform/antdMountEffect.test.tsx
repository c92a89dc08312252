import { useLayoutEffect, useState } from 'react';
import { act, render, screen } from '@testing-library/react';
import { useEffectButFirst, useLayoutEffectButFirst } from './antdMountEffect';

/** Records, in a layout effect declared after the hook, how many runs of the hook's effect it saw. */
function Probe({ value, runs, seen, cleanups }: { value: number; runs: number[]; seen: number[]; cleanups: number[] }) {
  useLayoutEffectButFirst(() => {
    runs.push(value);
    return () => void cleanups.push(value);
  }, [value]);
  useLayoutEffect(() => {
    seen.push(runs.length);
  }, [value, runs, seen]);
  return <p>value {value}</p>;
}

function Toggle(props: { runs: number[]; seen: number[]; cleanups: number[] }) {
  const [value, setValue] = useState(1);
  return (
    <>
      <Probe value={value} {...props} />
      <button type="button" onClick={() => setValue((v) => v + 1)}>
        Next
      </button>
    </>
  );
}

describe('useLayoutEffectButFirst (antd layout effects whose mount run would be rendered at once)', () => {
  it('runs first after the commit, then before the paint, each run cleaned up before the next and at unmount', () => {
    const runs: number[] = [];
    const seen: number[] = [];
    const cleanups: number[] = [];
    const { unmount } = render(<Toggle runs={runs} seen={seen} cleanups={cleanups} />);
    // the mount's layout phase did not run it (a plain useLayoutEffect would have: seen [1])
    expect(seen).toEqual([0]);
    expect(runs).toEqual([1]);
    act(() => screen.getByRole('button', { name: 'Next' }).click());
    // a change runs it in the layout phase (a plain useEffect would not have yet: seen [0, 1])
    expect(seen).toEqual([0, 2]);
    expect(runs).toEqual([1, 2]);
    expect(cleanups).toEqual([1]);
    unmount();
    expect(cleanups).toEqual([1, 2]);
    expect(screen.queryByText(/value/)).toBeNull();
  });
});

function DebounceProbe({ value, runs }: { value: number; runs: number[] }) {
  useEffectButFirst(() => {
    runs.push(value);
  }, [value]);
  return <p>debounced {value}</p>;
}

describe('useEffectButFirst (antd useDebounce: its first run set what its state held)', () => {
  it('skips the mount, runs on each later change', () => {
    const runs: number[] = [];
    const { rerender } = render(<DebounceProbe value={1} runs={runs} />);
    expect(runs).toEqual([]);
    rerender(<DebounceProbe value={2} runs={runs} />);
    expect(runs).toEqual([2]);
    rerender(<DebounceProbe value={2} runs={runs} />);
    expect(runs).toEqual([2]);
    expect(screen.getByText('debounced 2')).toBeTruthy();
  });
});
