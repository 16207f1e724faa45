import { fireEvent, render, screen } from '@testing-library/react';
import { useState } from 'react';
import { describe, expect, it, vi } from 'vitest';
import { TextInput, type TextInputProps } from './text-input';

function Controlled(props: Partial<TextInputProps>) {
  const [value, setValue] = useState('');
  return <TextInput label="Nickname" {...props} value={value} onChange={setValue} />;
}

describe('TextInput', () => {
  it('is a labelled textbox, marked when required', () => {
    render(<Controlled required />);
    const input = screen.getByRole('textbox', { name: 'Nickname' });
    expect(input.getAttribute('aria-required')).toBe('true');
    expect(screen.getByText('*')).toBeTruthy();
  });

  it('cuts input to 140 characters by default', () => {
    render(<Controlled />);
    const input = screen.getByRole<HTMLInputElement>('textbox', { name: 'Nickname' });
    expect(input.maxLength).toBe(140);
    fireEvent.change(input, { target: { value: 'x'.repeat(200) } });
    expect(input.value).toHaveLength(140);
  });

  it('cuts to its own limit and counts', () => {
    render(<Controlled maxLength={5} showCount />);
    const input = screen.getByRole<HTMLInputElement>('textbox', { name: 'Nickname' });
    fireEvent.change(input, { target: { value: 'abcdefgh' } });
    expect(input.value).toBe('abcde');
    expect(screen.getByText('5/5')).toBeTruthy();
  });

  it('cuts a value handed in by the caller and is not required by default', () => {
    const onChange = vi.fn();
    render(<TextInput label="Note" value={'y'.repeat(150)} onChange={onChange} />);
    const input = screen.getByRole<HTMLInputElement>('textbox', { name: 'Note' });
    expect(input.value).toHaveLength(140);
    expect(input.getAttribute('aria-required')).toBeNull();
  });

  it('shows an error tied to the field', () => {
    render(<TextInput label="Note" value="" onChange={() => undefined} error="Too short" />);
    const input = screen.getByRole('textbox', { name: 'Note' });
    expect(input.getAttribute('aria-invalid')).toBe('true');
    expect(screen.getByRole('alert').textContent).toBe('Too short');
  });
});
