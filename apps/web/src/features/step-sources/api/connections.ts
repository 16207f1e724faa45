import {
  disconnectStepConnection,
  finishStepConnection,
  listStepConnections,
  startStepConnection,
  syncStepConnection,
  type StepProvider,
} from '@stride/contract';
import { call, type CallOptions } from '../../../lib/http';

/** What a provider's redirect brought back (docs/product/step-sources.md, Connected accounts). */
export interface ProviderReturn {
  readonly state: string;
  readonly code?: string;
  readonly error?: string;
}

export function listConnections(options?: CallOptions) {
  return call(listStepConnections, {}, options);
}

export function startConnection(provider: StepProvider, options?: CallOptions) {
  return call(startStepConnection, { body: { provider } }, options);
}

export function finishConnection(answer: ProviderReturn, options?: CallOptions) {
  const body = {
    state: answer.state,
    ...(answer.code !== undefined ? { code: answer.code } : {}),
    ...(answer.error !== undefined ? { error: answer.error } : {}),
  };
  return call(finishStepConnection, { body }, options);
}

export function syncConnection(id: string, options?: CallOptions) {
  return call(syncStepConnection, { params: { id } }, options);
}

export function disconnectConnection(id: string, options?: CallOptions) {
  return call(disconnectStepConnection, { params: { id } }, options);
}
