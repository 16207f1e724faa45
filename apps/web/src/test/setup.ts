import { cleanup } from '@testing-library/react';
import { afterEach, beforeEach } from 'vitest';
import { assertNoConsoleErrors, watchConsoleErrors } from './console';

beforeEach(() => {
  watchConsoleErrors();
});

afterEach(() => {
  cleanup();
  window.localStorage.clear();
  window.sessionStorage.clear();
  assertNoConsoleErrors();
});
