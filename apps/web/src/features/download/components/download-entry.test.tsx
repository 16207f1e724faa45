import { fireEvent, render, screen, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { withMocked } from '../../../test/module-mocks';
import { call, RequestError } from '../../../lib/http';
import { DownloadEntry } from './download-entry';

vi.mock('../../../lib/http', (original) => withMocked(original, 'call'));

const mockedCall = vi.mocked(call);
const PACKAGE = { version: '1.2.0', versionCode: 12, url: '/download/stride-1.2.0.apk' };

afterEach(() => {
  mockedCall.mockReset();
});

describe('the download entry', () => {
  it('is hidden when the server has no companion package', async () => {
    mockedCall.mockRejectedValue(new RequestError('envelope', 1010, 'No companion package is configured'));
    const { container } = render(<DownloadEntry assign={() => undefined} />);
    await waitFor(() => expect(mockedCall).toHaveBeenCalled());
    await waitFor(() => expect(container.innerHTML).toBe(''));
  });

  it('downloads the package when there is one', async () => {
    mockedCall.mockResolvedValue(PACKAGE);
    const assign = vi.fn();
    render(<DownloadEntry assign={assign} />);
    fireEvent.click(await screen.findByRole('button', { name: 'Download the app' }));
    await waitFor(() => expect(assign).toHaveBeenCalledWith('/download/stride-1.2.0.apk'));
  });
});
