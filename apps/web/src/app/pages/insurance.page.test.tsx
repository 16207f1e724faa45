import { render, screen, within } from '@testing-library/react';
import type { EndpointDef, Policy } from '@stride/contract';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { call } from '../../lib/http';
import type * as HttpModule from '../../lib/http';
import InsurancePage from './insurance.page';

// The request layer is replaced: each endpoint answers from here.
vi.mock('../../lib/http', async (importOriginal) => ({
  ...(await importOriginal<typeof HttpModule>()),
  call: vi.fn(),
}));

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

function answer(endpoint: EndpointDef): Promise<unknown> {
  switch (endpoint.id) {
    case 'insure.list':
      return Promise.resolve([SELF_POLICY]);
    case 'memberCard.my':
      return Promise.resolve([{ id: 'card-1', plan: { name: 'Gold' } }]);
    default:
      return Promise.reject(new Error(`unexpected ${endpoint.id}`));
  }
}

beforeEach(() => {
  mockedCall.mockImplementation((endpoint) => answer(endpoint));
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
});
