import { fireEvent, render, screen } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { ClaimPolicyForm } from './claim-policy-form';

const RULE =
  'Please enter a valid ID number: an 18-digit resident ID with its check digit and date of birth, or 6–20 letters and digits of another document';

describe('giving a policy to a family member', () => {
  it('refuses a resident ID with a bad check character, as real-name does, and sends a good one normalised', () => {
    const onSubmit = vi.fn();
    render(<ClaimPolicyForm isBusy={false} onSubmit={onSubmit} onCancel={() => undefined} />);
    fireEvent.change(screen.getByLabelText('Name'), { target: { value: 'Li Hua' } });
    fireEvent.change(screen.getByLabelText('ID number'), { target: { value: '110101195001011234' } });
    fireEvent.change(screen.getByLabelText('Relation'), { target: { value: 'spouse' } });
    fireEvent.click(screen.getByRole('button', { name: 'Give policy' }));
    expect(onSubmit).not.toHaveBeenCalled();
    expect(screen.getByText(RULE)).toBeTruthy();

    fireEvent.change(screen.getByLabelText('ID number'), { target: { value: '110101 19500101 1239' } });
    fireEvent.click(screen.getByRole('button', { name: 'Give policy' }));
    expect(onSubmit).toHaveBeenCalledWith({ name: 'Li Hua', idNumber: '110101195001011239', relation: 'spouse' });
  });

  it('starts with no relation chosen and refuses to send until one is', () => {
    const onSubmit = vi.fn();
    render(<ClaimPolicyForm isBusy={false} onSubmit={onSubmit} onCancel={() => undefined} />);
    const relation = screen.getByLabelText('Relation');
    expect(relation).toHaveProperty('value', '');
    expect(screen.getByRole('option', { name: 'Choose…' })).toHaveProperty('disabled', true);
    fireEvent.change(screen.getByLabelText('Name'), { target: { value: 'Li Hua' } });
    fireEvent.change(screen.getByLabelText('ID number'), { target: { value: '110101195001011239' } });
    fireEvent.click(screen.getByRole('button', { name: 'Give policy' }));
    expect(onSubmit).not.toHaveBeenCalled();
    expect(screen.getByRole('alert').textContent).toBe('Choose the relation');
    expect(relation.getAttribute('aria-invalid')).toBe('true');

    fireEvent.change(relation, { target: { value: 'parent' } });
    fireEvent.click(screen.getByRole('button', { name: 'Give policy' }));
    expect(onSubmit).toHaveBeenCalledWith({ name: 'Li Hua', idNumber: '110101195001011239', relation: 'parent' });
    expect(screen.queryByRole('alert')).toBeNull();
  });
});
