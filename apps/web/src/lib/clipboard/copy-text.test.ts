import { afterEach, describe, expect, it, vi } from 'vitest';
import { copyText } from './copy-text';

afterEach(() => {
  Reflect.deleteProperty(document, 'execCommand');
});

function stubExecCommand(result: boolean) {
  const exec = vi.fn(() => result);
  Object.defineProperty(document, 'execCommand', { value: exec, configurable: true });
  return exec;
}

describe('copyText', () => {
  it('uses the Clipboard API when it is there', async () => {
    const writeText = vi.fn(() => Promise.resolve());
    await expect(copyText('hello', { clipboard: { writeText } })).resolves.toBe(true);
    expect(writeText).toHaveBeenCalledWith('hello');
  });

  it('falls back to a hidden textarea when the Clipboard API refuses', async () => {
    const exec = stubExecCommand(true);
    const writeText = vi.fn(() => Promise.reject(new Error('denied')));
    await expect(copyText('hello', { clipboard: { writeText } })).resolves.toBe(true);
    expect(exec).toHaveBeenCalledWith('copy');
    expect(document.querySelector('textarea')).toBeNull();
  });

  it('reports failure when neither way works', async () => {
    stubExecCommand(false);
    await expect(copyText('hello', { clipboard: undefined })).resolves.toBe(false);
  });
});
