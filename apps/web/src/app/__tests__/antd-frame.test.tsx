import { render, screen } from '@testing-library/react';
import theme from 'antd/es/theme';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { afterEach, describe, expect, it } from 'vitest';
import { AntdFrame } from '../shell/antd-frame';

const original = window.matchMedia;
afterEach(() => {
  window.matchMedia = original;
});

/** The system setting "reduce motion" on or off, as the browser's media query answers it. */
function reduceMotion(on: boolean) {
  window.matchMedia = (query: string) =>
    ({ ...original(query), matches: on && query === '(prefers-reduced-motion: reduce)' }) as MediaQueryList;
}

function Probe() {
  const { token } = theme.useToken();
  return <p data-testid="motion">{String(token.motion)}</p>;
}

function renderFrame() {
  const router = createMemoryRouter([{ element: <AntdFrame />, children: [{ path: '/', element: <Probe /> }] }]);
  render(<RouterProvider router={router} />);
}

describe("antd's frame", () => {
  it('animates by default', async () => {
    reduceMotion(false);
    renderFrame();
    expect(await screen.findByTestId('motion')).toHaveTextContent('true');
  });

  it('leaves the animations out for a user whose system asks for reduced motion', async () => {
    reduceMotion(true);
    renderFrame();
    expect(await screen.findByTestId('motion')).toHaveTextContent('false');
  });
});
