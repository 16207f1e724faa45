import type { ConsoleHomeItem } from '@stride/contract';
import { act, cleanup, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { App } from 'antd';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { stubLayout } from '../test/browser';
import HomeItemsPage, { sentTranslations } from './home-items.page';

// The editor of home's banners and quick entries (docs/console/plans-and-home.md): a banner's
// picture in each language (decision 084 "Content per language").

const BANNER: ConsoleHomeItem = {
  id: '00000000-0000-4000-8000-000000000001',
  kind: 'banner',
  title: 'Walk and earn',
  image: 'https://example.com/en.png',
  target: '/pages/invest/index',
  position: 0,
  active: true,
  version: 3,
  defaultLanguage: 'en',
  translations: { fr: { title: 'Marchez, gagnez', image: 'https://example.com/fr.png' } },
};

let sent: { method: string; url: string; body: unknown }[] = [];

beforeEach(() => {
  sent = [];
  stubLayout();
  vi.stubGlobal('fetch', (url: string, init: RequestInit) => {
    const body = typeof init.body === 'string' ? (JSON.parse(init.body) as unknown) : undefined;
    sent.push({ method: init.method ?? 'GET', url, body });
    const data = init.method === 'GET' ? [BANNER] : { ...BANNER, version: BANNER.version + 1 };
    return Promise.resolve(new Response(JSON.stringify({ code: 1, message: 'ok', data })));
  });
});

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});

describe('home items editor', () => {
  it('edits a banner’s picture in another language and sends it with the title', async () => {
    render(
      <App>
        <HomeItemsPage />
      </App>,
    );
    // Text queries, not role queries: computing roles over antd's tree is slow under jsdom.
    fireEvent.click(await screen.findByText('Edit'));
    const dialog = await waitFor(() => {
      const modal = document.querySelector<HTMLElement>('.ant-modal');
      if (!modal) throw new Error('no dialog');
      return modal;
    });
    fireEvent.click(within(dialog).getByText('Other languages (optional)'));
    // The saved French picture is read back into its own field, with its preview.
    const french = within(dialog).getByLabelText<HTMLInputElement>('Image · French');
    expect(french.value).toBe('https://example.com/fr.png');

    fireEvent.click(within(dialog).getByText('Chinese (Simplified)'));
    const chinese = within(dialog).getByLabelText<HTMLInputElement>('Image · Chinese (Simplified)');
    expect(chinese.value).toBe('');
    expect(chinese.placeholder).toBe('Empty: the image above');
    fireEvent.change(chinese, { target: { value: 'https://example.com/zh-hans.png' } });
    fireEvent.change(within(dialog).getByLabelText('Title · Chinese (Simplified)'), {
      target: { value: '走路赚返现' },
    });
    await act(async () => {
      fireEvent.click(within(dialog).getByText('OK'));
      await Promise.resolve();
    });

    await waitFor(() => expect(sent.some((request) => request.method === 'PUT')).toBe(true));
    const edit = sent.find((request) => request.method === 'PUT');
    expect(edit?.url).toBe(`/api/console/home-items/${BANNER.id}`);
    expect(edit?.body).toMatchObject({
      image: 'https://example.com/en.png',
      version: 3,
      translations: {
        fr: { title: 'Marchez, gagnez', image: 'https://example.com/fr.png' },
        'zh-Hans': { title: '走路赚返现', image: 'https://example.com/zh-hans.png' },
      },
    });
    // A whole editor under jsdom takes seconds on a loaded machine.
  }, 60_000);

  it('sends a quick entry’s titles only: its icon is the same in every language', () => {
    const translations = { fr: { title: 'Cartes', image: 'https://example.com/left-over.png' } };
    expect(sentTranslations('entry', translations)).toEqual({ fr: { title: 'Cartes' } });
    expect(sentTranslations('banner', translations)).toEqual(translations);
  });
});
