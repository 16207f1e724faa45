import { fireEvent, render, screen } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { ImagePreview } from './image-preview';

const IMAGES = ['data:image/svg+xml,a', 'data:image/svg+xml,b', 'data:image/svg+xml,c'];

function open(onClose = vi.fn()) {
  render(<ImagePreview images={IMAGES} visible onClose={onClose} />);
  return { onClose, stage: screen.getByTestId('image-preview-stage'), image: screen.getByRole('img') };
}

function drag(stage: HTMLElement, dx: number, dy = 0) {
  fireEvent.pointerDown(stage, { pointerId: 1, clientX: 100, clientY: 100 });
  fireEvent.pointerMove(stage, { pointerId: 1, clientX: 100 + dx, clientY: 100 + dy });
  fireEvent.pointerUp(stage, { pointerId: 1, clientX: 100 + dx, clientY: 100 + dy });
}

describe('ImagePreview', () => {
  it('is a modal dialog with a named close button and image', () => {
    const { image } = open();
    expect(screen.getByRole('dialog', { name: 'Image preview' })).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Close preview' })).toBe(document.activeElement);
    expect(image.getAttribute('alt')).toBe('Image 1 of 3');
  });

  it('treats a move under 20 px as a tap, which closes', () => {
    const { onClose, stage } = open();
    drag(stage, 12, 15);
    expect(onClose).toHaveBeenCalledTimes(1);
  });

  it('does not close on a move of 20 px or more', () => {
    const { onClose, stage } = open();
    drag(stage, 0, 20);
    expect(onClose).not.toHaveBeenCalled();
  });

  it('turns the page on a horizontal swipe and with the buttons', () => {
    const { stage, image } = open();
    drag(stage, -80);
    expect(image.getAttribute('alt')).toBe('Image 2 of 3');
    fireEvent.click(screen.getByRole('button', { name: 'Next image' }));
    expect(image.getAttribute('alt')).toBe('Image 3 of 3');
    expect(screen.getByRole<HTMLButtonElement>('button', { name: 'Next image' }).disabled).toBe(true);
    fireEvent.click(screen.getByRole('button', { name: 'Previous image' }));
    expect(image.getAttribute('alt')).toBe('Image 2 of 3');
  });

  it('zooms with the wheel up to 4x and no further', () => {
    const { stage, image } = open();
    for (let step = 0; step < 20; step += 1) fireEvent.wheel(stage, { deltaY: -300 });
    expect(image.style.transform).toContain('scale(4)');
    for (let step = 0; step < 20; step += 1) fireEvent.wheel(stage, { deltaY: 300 });
    expect(image.style.transform).toContain('scale(1)');
  });

  it('pinches up to 4x and a pinch never counts as a tap', () => {
    const { onClose, stage, image } = open();
    fireEvent.pointerDown(stage, { pointerId: 1, clientX: 100, clientY: 100 });
    fireEvent.pointerDown(stage, { pointerId: 2, clientX: 110, clientY: 100 });
    fireEvent.pointerMove(stage, { pointerId: 2, clientX: 300, clientY: 100 });
    expect(image.style.transform).toContain('scale(4)');
    fireEvent.pointerUp(stage, { pointerId: 2 });
    fireEvent.pointerUp(stage, { pointerId: 1 });
    expect(onClose).not.toHaveBeenCalled();
  });

  it('closes with Escape', () => {
    const { onClose } = open();
    fireEvent.keyDown(screen.getByRole('dialog'), { key: 'Escape' });
    expect(onClose).toHaveBeenCalledTimes(1);
  });
});
