import { render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { useImageSource } from './use-object-url';

function Thumbnail({ source }: { source: string | Blob }) {
  return <img ref={useImageSource(source)} alt="Sunrise" />;
}

afterEach(() => {
  vi.unstubAllGlobals();
});

describe('useImageSource', () => {
  it('uses a string as it is', () => {
    render(<Thumbnail source="data:image/png;base64,AA==" />);
    expect(screen.getByRole('img', { name: 'Sunrise' }).getAttribute('src')).toBe('data:image/png;base64,AA==');
  });

  it('gives a Blob an object URL and releases it on unmount', () => {
    const revoke = vi.fn();
    vi.stubGlobal('URL', Object.assign(URL, { createObjectURL: () => 'blob:one', revokeObjectURL: revoke }));
    const view = render(<Thumbnail source={new Blob(['x'], { type: 'image/png' })} />);
    expect(screen.getByRole('img', { name: 'Sunrise' }).getAttribute('src')).toBe('blob:one');
    view.unmount();
    expect(revoke).toHaveBeenCalledWith('blob:one');
  });
});
