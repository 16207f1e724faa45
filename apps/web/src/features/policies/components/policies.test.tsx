import { fireEvent, render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { PolicyAcceptance } from './policy-acceptance';
import { policyBlocks, PolicyText } from './policy-text';
import { changedPolicies } from './policy-update';

afterEach(() => {
  vi.unstubAllGlobals();
});

describe('policy text', () => {
  it('reads paragraphs, headings and lists from plain text, and never markup', () => {
    const body = 'Intro line\nsecond line\n\n## What we keep\n- your number\n- your steps\n\n<b>not bold</b>';
    expect(policyBlocks(body)).toEqual([
      { kind: 'paragraph', text: 'Intro line\nsecond line' },
      { kind: 'heading', text: 'What we keep' },
      { kind: 'list', items: ['your number', 'your steps'] },
      { kind: 'paragraph', text: '<b>not bold</b>' },
    ]);
    render(<PolicyText body={body} />);
    expect(screen.getByRole('heading', { name: 'What we keep' })).toBeTruthy();
    expect(screen.getAllByRole('listitem').map((item) => item.textContent)).toEqual(['your number', 'your steps']);
    expect(screen.getByText('<b>not bold</b>')).toBeTruthy();
  });
});

describe('policy acceptance', () => {
  it('is an unticked checkbox with a link to each policy', () => {
    const onChange = vi.fn();
    render(<PolicyAcceptance checked={false} onChange={onChange} />);
    const box = screen.getByRole<HTMLInputElement>('checkbox', {
      name: 'I accept the terms of service and the privacy policy',
    });
    expect(box.checked).toBe(false);
    expect(screen.getByRole('button', { name: 'Terms of service' })).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Privacy policy' })).toBeTruthy();
    fireEvent.click(box);
    expect(onChange).toHaveBeenCalledWith(true);
  });

  it('lists the policies whose current version is not the accepted one', () => {
    const status = {
      terms: { current: 1, accepted: 1 },
      privacy: { current: 3, accepted: 2 },
      needsAcceptance: true,
      idPhotos: false,
      face: false,
    };
    expect(changedPolicies(status)).toEqual(['privacy']);
    expect(changedPolicies({ ...status, terms: { current: 2, accepted: null } })).toEqual(['terms', 'privacy']);
  });
});
