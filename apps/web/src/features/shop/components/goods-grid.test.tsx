import { render, screen } from '@testing-library/react';
import type { Goods } from '@stride/contract';
import { describe, expect, it } from 'vitest';
import { EAGER_TILES, GoodsGrid } from './goods-grid';

const goods = (index: number): Goods => ({
  id: `g-${index}`,
  categoryId: 'c-1',
  name: `Goods ${index}`,
  images: [`/files/goods-${index}.png`],
  points: 100 * (index + 1),
  stock: 5,
  description: '',
});

describe('the goods grid', () => {
  it("loads the first rows' pictures at once, the first one first, and the rest as they come near", () => {
    render(<GoodsGrid goods={Array.from({ length: 8 }, (_, index) => goods(index))} onOpen={() => undefined} />);
    const images = screen.getAllByRole('listitem').map((item) => item.querySelector('img'));
    expect(images).toHaveLength(8);
    expect(images.map((image) => image?.getAttribute('loading'))).toEqual([
      ...Array<string>(EAGER_TILES).fill('eager'),
      ...Array<string>(8 - EAGER_TILES).fill('lazy'),
    ]);
    expect(images.map((image) => image?.getAttribute('fetchpriority'))).toEqual([
      'high',
      ...Array<string>(7).fill('auto'),
    ]);
  });
});
