import { fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import type { EndpointDef, Policy } from '@stride/contract';
import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { withMocked } from '../../test/module-mocks';
import { call } from '../../lib/http';
import InsurancePage from './insurance.page';

// The request layer is replaced: each endpoint answers from here.
vi.mock('../../lib/http', (original) => withMocked(original, 'call'));

const mockedCall = vi.mocked(call);

/** As the server answers a policy claimed for oneself: the holder's verified real name. */
const SELF_POLICY: Policy = {
  id: 'p-1',
  cardId: 'card-1',
  policyNumber: 'SP2026030212345678',
  status: 'active',
  coverage: 10_000_000,
  insuredName: 'Li Na',
  insuredIdNumber: null,
  relation: 'self',
  startsOn: '2026-03-02',
  endsOn: '2026-04-01',
};

/** A card's policy not claimed yet: claiming it is once only on the server. */
const UNCLAIMED: Policy = {
  ...SELF_POLICY,
  id: 'p-2',
  cardId: 'card-2',
  policyNumber: null,
  status: 'unclaimed',
  insuredName: null,
  relation: null,
};
let policies: Policy[] = [SELF_POLICY];

function answer(endpoint: EndpointDef, input: unknown): Promise<unknown> {
  switch (endpoint.id) {
    case 'insure.list':
      return Promise.resolve(policies);
    case 'insure.give': {
      const { insured } = (input as { body: { insured: { who: string; name?: string; relation?: string } } }).body;
      return Promise.resolve({
        ...UNCLAIMED,
        policyNumber: 'SP2026030287654321',
        status: 'active',
        insuredName: insured.who === 'self' ? 'Li Na' : (insured.name ?? null),
        relation: insured.who === 'self' ? 'self' : (insured.relation ?? null),
      });
    }
    case 'paymentPassword.get':
      return Promise.resolve({ isSet: true, setAt: '2026-03-01T00:00:00Z', lockedUntil: null, triesLeft: 5 });
    case 'memberCard.my':
      return Promise.resolve([{ id: 'card-1', plan: { name: 'Gold' } }]);
    default:
      return Promise.reject(new Error(`unexpected ${endpoint.id}`));
  }
}

// The dialogs load on first use (app/dialogs.ts): loaded once here, so that first load on a busy
// machine counts against no test's time.
beforeAll(async () => {
  await import('../dialogs');
});

beforeEach(() => {
  policies = [SELF_POLICY];
  mockedCall.mockImplementation((endpoint, input) => answer(endpoint, input));
});

afterEach(() => {
  mockedCall.mockReset();
});

describe('the insurance page', () => {
  it('shows the insured name of a policy claimed for oneself', async () => {
    render(<InsurancePage />);
    const policy = await screen.findByRole('listitem', { name: 'Gold walking insurance' });
    const rows = within(policy)
      .getAllByRole('term')
      .map((term) => [term.textContent, term.nextElementSibling?.textContent]);
    expect(rows).toContainEqual(['Insured', 'Li Na']);
    expect(rows).toContainEqual(['Relation', 'Myself']);
  });

  const claims = () => mockedCall.mock.calls.filter(([endpoint]) => endpoint.id === 'insure.give');

  it('asks before claiming a policy for oneself, and claims nothing when cancelled', async () => {
    policies = [UNCLAIMED];
    render(<InsurancePage />);
    const policy = await screen.findByRole('listitem', { name: 'Member card walking insurance' });
    fireEvent.click(within(policy).getByRole('button', { name: 'Claim for myself' }));
    const first = await screen.findByRole('dialog');
    expect(
      within(first).getByText('Claim this policy for yourself? Once claimed it cannot be given to family instead.'),
    ).toBeTruthy();
    fireEvent.click(within(first).getByRole('button', { name: 'Cancel' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(claims()).toHaveLength(0);
    expect(within(policy).getByText('Not claimed')).toBeTruthy();

    fireEvent.click(within(policy).getByRole('button', { name: 'Claim for myself' }));
    fireEvent.click(within(await screen.findByRole('dialog')).getByRole('button', { name: 'Claim for myself' }));
    await waitFor(() => expect(within(policy).getByText('In force')).toBeTruthy());
    expect(claims().map(([, input]) => input)).toEqual([{ body: { policyId: 'p-2', insured: { who: 'self' } } }]);
  });

  it('names the person, the relation and the cover in the payment password sheet before giving a policy away', async () => {
    policies = [UNCLAIMED];
    render(<InsurancePage />);
    const policy = await screen.findByRole('listitem', { name: 'Member card walking insurance' });
    fireEvent.click(within(policy).getByRole('button', { name: 'Give to family' }));
    fireEvent.change(within(policy).getByLabelText('Name'), { target: { value: '张三' } });
    fireEvent.change(within(policy).getByLabelText('ID number'), { target: { value: '110101195001011239' } });
    fireEvent.change(within(policy).getByLabelText('Relation'), { target: { value: 'parent' } });
    fireEvent.click(within(policy).getByRole('button', { name: 'Give policy' }));
    const first = await screen.findByRole('dialog', { name: 'Enter your payment password' });
    expect(
      within(first).getByText('Give 张三 (parent) the Member card walking insurance, ¥100,000.00 of cover'),
    ).toBeTruthy();
    expect(within(first).getByText('Once given it cannot be taken back or given to anyone else.')).toBeTruthy();
    fireEvent.click(within(first).getByRole('button', { name: 'Cancel' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(claims()).toHaveLength(0);
    // The form stays as filled, to give again or cancel.
    expect(within(policy).getByLabelText('Name')).toHaveProperty('value', '张三');

    fireEvent.click(within(policy).getByRole('button', { name: 'Give policy' }));
    const again = await screen.findByRole('dialog', { name: 'Enter your payment password' });
    fireEvent.change(await within(again).findByLabelText('Payment password, 6 digits'), {
      target: { value: '135790' },
    });
    await waitFor(() => expect(within(policy).getByText('In force')).toBeTruthy());
    expect(claims().map(([, input]) => input)).toEqual([
      {
        body: {
          policyId: 'p-2',
          insured: { who: 'family', name: '张三', idNumber: '110101195001011239', relation: 'parent' },
          paymentPassword: '135790',
        },
      },
    ]);
  });
});
