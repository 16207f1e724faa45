import { fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import type { PaymentPasswordStatus } from '@stride/contract';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { withMocked } from '../../../test/module-mocks';
import { answerCallsInEachTest } from '../../../test/call-answers';
import { call, RequestError } from '../../../lib/http';
import { findNavigator, go, PATHS, type Navigator } from '../../../lib/navigation';
import { PaymentPasswordSheet } from './payment-password-sheet';

// The request layer and the navigator are replaced: the status answers from here, and where the sheet leads is recorded.
vi.mock('../../../lib/http', (original) => withMocked(original, 'call'));
vi.mock('../../../lib/navigation', (original) => withMocked(original, 'go', 'findNavigator'));

const mockedCall = vi.mocked(call);
const SET: PaymentPasswordStatus = { isSet: true, setAt: '2026-11-02T08:00:00Z', lockedUntil: null, triesLeft: 5 };
let status: PaymentPasswordStatus = SET;

answerCallsInEachTest(mockedCall, { 'paymentPassword.get': () => status }, vi.mocked(go));

beforeEach(() => {
  status = SET;
  // The withdraw page is on top; the sheet's history layer is a no-op here.
  vi.mocked(findNavigator).mockReturnValue({
    getStack: () => [{ id: 1, route: PATHS.withdrawal, url: '/pages-sub/withdrawal/index', query: {} }],
    openLayer: () => ({ close: () => undefined }),
  } as unknown as Navigator);
});

function open(send: (password: string) => Promise<unknown> = () => Promise.resolve()) {
  const onClose = vi.fn();
  const sent = vi.fn(send);
  render(
    <PaymentPasswordSheet
      ask={{ summary: 'Pay ¥99.00 from your balance for Bronze', detail: '¥101.00 will be left.', send: sent }}
      onClose={onClose}
    />,
  );
  return { onClose, sent };
}

const digits = () => screen.findByLabelText('Payment password, 6 digits');
const type = async (value: string) => fireEvent.change(await digits(), { target: { value } });

describe('the payment password sheet', () => {
  it('names what is about to happen and its amount, and sends the password once the sixth digit is typed', async () => {
    const { onClose, sent } = open();
    const sheet = screen.getByRole('dialog', { name: 'Enter your payment password' });
    expect(within(sheet).getByText('Pay ¥99.00 from your balance for Bronze')).toBeTruthy();
    expect(within(sheet).getByText('¥101.00 will be left.')).toBeTruthy();
    const input = await digits();
    expect([input.getAttribute('type'), input.getAttribute('inputmode'), input.getAttribute('maxlength')]).toEqual([
      'password',
      'numeric',
      '6',
    ]);
    // Only digits count, and five are not enough.
    await type('1a3579');
    expect(input).toHaveProperty('value', '13579');
    expect(sent).not.toHaveBeenCalled();
    await type('135790');
    await waitFor(() => expect(onClose).toHaveBeenCalled());
    expect(sent.mock.calls).toEqual([['135790']]);
  });

  it('says a wrong password with the tries left, empties the boxes and stays for another try', async () => {
    const wrong = new RequestError('envelope', 1011, 'Wrong payment password: 4 tries left');
    const { onClose, sent } = open(() => Promise.reject(wrong));
    await type('246801');
    expect((await screen.findByRole('alert')).textContent).toBe('Wrong payment password: 4 tries left');
    expect(await digits()).toHaveProperty('value', '');
    expect(onClose).not.toHaveBeenCalled();

    // A lock says the server's minutes.
    sent.mockRejectedValueOnce(new RequestError('envelope', 1006, 'Locked: try again in 15 minutes'));
    await type('246802');
    await waitFor(() => expect(screen.getByRole('alert').textContent).toBe('Locked: try again in 15 minutes'));
    expect(sent).toHaveBeenCalledTimes(2);
    expect(onClose).not.toHaveBeenCalled();
  });

  it('with none set, says one is needed first and leads to its page, which comes back here', async () => {
    status = { isSet: false, setAt: null, lockedUntil: null, triesLeft: 5 };
    const { onClose, sent } = open();
    expect(await screen.findByText(/This needs a payment password, and you have not set one yet/)).toBeTruthy();
    expect(screen.queryByLabelText('Payment password, 6 digits')).toBeNull();
    fireEvent.click(screen.getByRole('button', { name: 'Set a payment password' }));
    expect(onClose).toHaveBeenCalled();
    expect(vi.mocked(go)).toHaveBeenCalledWith(PATHS.paymentPassword, { back: '/pages-sub/withdrawal/index' });
    expect(sent).not.toHaveBeenCalled();
  });

  it('turns to the way to set one when the server answers that none is set', async () => {
    const { sent } = open(() => Promise.reject(new RequestError('envelope', 1019, 'Set a payment password first')));
    await type('246801');
    expect(await screen.findByRole('button', { name: 'Set a payment password' })).toBeTruthy();
    expect(sent).toHaveBeenCalledTimes(1);
  });

  it('closes on any other failure, which its caller shows', async () => {
    const { onClose } = open(() => Promise.reject(new RequestError('envelope', 1012, 'Not enough balance')));
    await type('246801');
    await waitFor(() => expect(onClose).toHaveBeenCalled());
    expect(screen.queryByText('Not enough balance')).toBeNull();
  });

  it('Cancel closes it and sends nothing', async () => {
    const { onClose, sent } = open();
    await digits();
    fireEvent.click(screen.getByRole('button', { name: 'Cancel' }));
    expect(onClose).toHaveBeenCalled();
    expect(sent).not.toHaveBeenCalled();
  });
});
