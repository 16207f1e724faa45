import { fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import type { DeviceToken, EndpointDef, HealthImport } from '@stride/contract';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { call, http } from '../../lib/http';
import type * as HttpModule from '../../lib/http';
import StepSourcesPage from './step-sources.page';

// The request layer is replaced: each endpoint answers from here.
vi.mock('../../lib/http', async (importOriginal) => {
  const actual = await importOriginal<typeof HttpModule>();
  return { ...actual, call: vi.fn(), http: { ...actual.http, upload: vi.fn() } };
});

const mockedCall = vi.mocked(call);
const mockedUpload = vi.mocked(http.upload);

const NEW_TOKEN = 'sst_abcdefghijklmnopqrstuvwxyz0123456789ABCDEFG';
let tokens: DeviceToken[] = [];
let imports: HealthImport[] = [];

function answer(endpoint: EndpointDef, input: unknown): Promise<unknown> {
  switch (endpoint.id) {
    case 'stepSources.tokens':
      return Promise.resolve(tokens);
    case 'stepSources.imports':
      return Promise.resolve(imports);
    case 'stepSources.connections':
      return Promise.resolve({ available: ['huawei', 'fitbit'], connections: [] });
    case 'stepSources.createToken': {
      const { name } = (input as { body: { name: string } }).body;
      const created = { id: 't-new', name, hint: 'DEFG', createdAt: '2026-11-22T04:00:00Z', lastUsedAt: null };
      tokens = [created, ...tokens];
      return Promise.resolve({ ...created, token: NEW_TOKEN });
    }
    default:
      return Promise.reject(new Error(`unexpected ${endpoint.id}`));
  }
}

beforeEach(() => {
  tokens = [
    { id: 't-1', name: 'Watch', hint: 'wxyz', createdAt: '2026-11-20T04:00:00Z', lastUsedAt: '2026-11-21T04:00:00Z' },
  ];
  imports = [];
  mockedCall.mockImplementation((endpoint, input) => answer(endpoint, input));
});

afterEach(() => {
  mockedCall.mockReset();
  mockedUpload.mockReset();
});

describe('the step sources page', () => {
  it('puts connected accounts first, with a button for each provider the server connects', async () => {
    render(<StepSourcesPage query={{}} />);
    expect(await screen.findByRole('button', { name: 'Connect Huawei Health' })).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Connect Fitbit' })).toBeTruthy();
    expect(screen.getAllByRole('heading', { level: 2 }).map((heading) => heading.textContent)).toEqual([
      'Connected accounts',
      'The in-app counter',
      'Tokens for devices and automations',
      'Import from a health app',
    ]);
  });

  it('lists tokens with their hint and last use, and shows a new token once with the curl example', async () => {
    render(<StepSourcesPage query={{}} />);
    expect(await screen.findByText(/Last used Nov 21, 2026, \d{2}:\d{2}:\d{2}/)).toBeTruthy();
    expect(screen.getByText('…wxyz')).toBeTruthy();

    fireEvent.click(screen.getByRole('button', { name: 'Create token' }));
    expect(await screen.findByText('Give the token a name')).toBeTruthy();

    fireEvent.change(screen.getByLabelText('Name (for example “Watch”)'), { target: { value: 'Shortcut' } });
    fireEvent.click(screen.getByRole('button', { name: 'Create token' }));
    expect((await screen.findByTestId('new-token')).textContent).toBe(NEW_TOKEN);
    const example = document.querySelector('pre')?.textContent ?? '';
    expect(example).toContain(`Authorization: Bearer ${NEW_TOKEN}`);
    expect(example).toContain(`${window.location.origin}/api/device/steps`);
    await waitFor(() => expect(screen.getAllByTestId('token-row')).toHaveLength(2));

    fireEvent.click(screen.getByRole('button', { name: 'Done' }));
    expect(screen.queryByTestId('new-token')).toBeNull();
  });

  it('uploads the chosen export with its kind, shows progress, then the result', async () => {
    let progress: ((sent: number, total: number) => void) | undefined;
    let finish: (value: unknown) => void = () => undefined;
    mockedUpload.mockImplementation((_endpoint, _file, _fields, options) => {
      progress = options?.onProgress;
      return new Promise((resolve) => {
        finish = resolve;
      });
    });
    render(<StepSourcesPage query={{}} />);
    expect(await screen.findByText('No imports yet')).toBeTruthy();

    fireEvent.click(screen.getByRole('button', { name: 'Import' }));
    expect(await screen.findByText('Choose the export file first')).toBeTruthy();

    fireEvent.click(screen.getByRole('radio', { name: 'Google Fit' }));
    const file = new File(['zip'], 'takeout.zip', { type: 'application/zip' });
    fireEvent.change(screen.getByLabelText('Export file (.zip)'), { target: { files: [file] } });
    fireEvent.click(screen.getByRole('button', { name: 'Import' }));
    await waitFor(() => expect(mockedUpload).toHaveBeenCalled());
    expect(mockedUpload.mock.calls[0]?.[1]).toBe(file);
    expect(mockedUpload.mock.calls[0]?.[2]).toEqual({ kind: 'googleFit' });
    progress?.(50, 100);
    expect(await screen.findByText('50%')).toBeTruthy();

    const done: HealthImport = {
      id: 'i-1',
      kind: 'googleFit',
      fileName: 'takeout.zip',
      days: 2,
      firstDay: '2026-10-01',
      lastDay: '2026-10-02',
      createdAt: '2026-11-22T04:00:00Z',
    };
    imports = [done];
    finish({ ...done, duplicate: false });
    const result = await screen.findByTestId('import-result');
    expect(within(result).getByText('Imported: 2 days with steps.')).toBeTruthy();
    expect(within(result).getByText('From 2026-10-01 to 2026-10-02')).toBeTruthy();
    await waitFor(() => expect(screen.getAllByTestId('import-row')).toHaveLength(1));
  });
});
