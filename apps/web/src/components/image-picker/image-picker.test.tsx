import { fireEvent, render, screen } from '@testing-library/react';
import { useState } from 'react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { ImagePicker, normaliseCount } from './image-picker';

let serial = 0;
beforeEach(() => {
  vi.stubGlobal('URL', Object.assign(URL, { createObjectURL: () => `blob:${++serial}`, revokeObjectURL: vi.fn() }));
});
afterEach(() => {
  vi.unstubAllGlobals();
});

const image = (name: string) => new File(['x'], name, { type: 'image/png' });

function Picker({ count }: { count?: number }) {
  const [files, setFiles] = useState<File[]>([]);
  return <ImagePicker label="Photos" value={files} onChange={setFiles} count={count} />;
}

function pick(...files: File[]) {
  fireEvent.change(screen.getByLabelText('Add image'), { target: { files } });
}

describe('ImagePicker', () => {
  it('is a labelled group with a labelled image-only file input', () => {
    render(<Picker />);
    expect(screen.getByRole('group', { name: /Photos/ })).toBeTruthy();
    const input = screen.getByLabelText<HTMLInputElement>('Add image');
    expect(input.type).toBe('file');
    expect(input.accept).toBe('image/*');
  });

  it('shows thumbnails and removes them', () => {
    render(<Picker />);
    pick(image('a.png'), image('b.png'));
    expect(screen.getAllByRole('button', { name: /Remove image/ })).toHaveLength(2);
    fireEvent.click(screen.getByRole('button', { name: 'Remove image 1' }));
    expect(screen.getAllByRole('button', { name: /Remove image/ })).toHaveLength(1);
  });

  it('stops at its count and hides the add button when full', () => {
    render(<Picker count={2} />);
    pick(image('a.png'), image('b.png'), image('c.png'));
    expect(screen.getAllByRole('button', { name: /Remove image/ })).toHaveLength(2);
    expect(screen.queryByLabelText('Add image')).toBeNull();
  });

  it('treats a count of 0 or less as 9', () => {
    expect(normaliseCount(0)).toBe(9);
    expect(normaliseCount(-3)).toBe(9);
    expect(normaliseCount(undefined)).toBe(9);
    expect(normaliseCount(3)).toBe(3);
    render(<Picker count={0} />);
    pick(...Array.from({ length: 12 }, (_, index) => image(`${index}.png`)));
    expect(screen.getAllByRole('button', { name: /Remove image/ })).toHaveLength(9);
  });
});
