import { afterEach, describe, expect, it, vi } from 'vitest';
import type { StepStore } from '../features/walking/step-store';
import { createUserStore } from '../lib/storage';
import { runStepCounter } from './step-counter';
import { testUser } from '../test/fixtures';

const user = testUser();

afterEach(() => window.localStorage.clear());

describe('runStepCounter', () => {
  it('runs the counter while a user is logged in with known info, on any page, and stops at logout', () => {
    const store = { start: vi.fn(), stop: vi.fn() } as unknown as StepStore;
    const users = createUserStore(window.localStorage);
    const off = runStepCounter(store, users);
    expect(store.start).not.toHaveBeenCalled();
    users.setSession('tok', user);
    expect(store.start).toHaveBeenLastCalledWith('u1');
    users.clear();
    expect(store.stop).toHaveBeenCalled();
    off();
  });
});
