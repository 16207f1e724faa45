import { fireEvent, render, screen } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { ModelPendant, PENDANT_STORAGE_KEY, snapToSide } from './model-pendant';

const VIEW = { left: 0, top: 0, width: 375, height: 667 };

function setUp() {
  window.innerWidth = VIEW.width;
  window.innerHeight = VIEW.height;
  const onClick = vi.fn();
  render(
    <ModelPendant label="Customer service" onClick={onClick}>
      ?
    </ModelPendant>,
  );
  return { onClick, button: screen.getByRole('button', { name: 'Customer service' }) };
}

describe('ModelPendant', () => {
  it('is a named button that starts at the right edge', () => {
    const { button } = setUp();
    expect(button.style.transform).toContain('translate(307px');
  });

  it('treats a move under 10 px as a tap', () => {
    const { onClick, button } = setUp();
    fireEvent.pointerDown(button, { clientX: 330, clientY: 400 });
    fireEvent.pointerMove(button, { clientX: 336, clientY: 405 });
    fireEvent.pointerUp(button);
    fireEvent.click(button);
    expect(onClick).toHaveBeenCalledTimes(1);
  });

  it('drags, snaps to the nearer side on release and remembers the place', () => {
    const { onClick, button } = setUp();
    fireEvent.pointerDown(button, { clientX: 330, clientY: 400 });
    fireEvent.pointerMove(button, { clientX: 100, clientY: 200 });
    expect(button.style.transform).toBe('translate(77px, 267px)');
    fireEvent.pointerUp(button);
    fireEvent.click(button);
    expect(onClick).not.toHaveBeenCalled();
    expect(button.style.transform).toBe('translate(12px, 267px)');
    expect(JSON.parse(window.localStorage.getItem(PENDANT_STORAGE_KEY) ?? 'null')).toEqual({ x: 12, y: 267 });
  });

  it('snaps to the right when its centre is right of the middle, within the viewport', () => {
    expect(snapToSide({ x: 200, y: 900 }, VIEW)).toEqual({ x: 307, y: 599 });
    expect(snapToSide({ x: 100, y: -50 }, VIEW)).toEqual({ x: 12, y: 12 });
  });

  it('keeps to narrower bounds, such as the centred app column', () => {
    const column = { left: 452, top: 0, width: 375, height: 800 };
    expect(snapToSide({ x: 1200, y: 400 }, column)).toEqual({ x: 759, y: 400 });
    expect(snapToSide({ x: 0, y: 400 }, column)).toEqual({ x: 464, y: 400 });
  });
});
