import type { StepProvider as StepProviderId } from '@stride/contract';
import type { StepConnectionsSettings } from '../step-connections.settings.js';
import { FitbitProvider } from './fitbit.js';
import { HuaweiProvider } from './huawei.js';
import type { StepProvider } from './provider.js';

/**
 * The registry (decision 086 "Connected wearable accounts"): one entry per configured provider, none for a provider
 * whose client id and secret are not set (the page then does not offer it). A third provider is one
 * file and one line here.
 */
export function createStepProviders(
  config: StepConnectionsSettings['stepConnections'],
  options: { fetch?: typeof fetch; timeoutMs?: number } = {},
): Map<StepProviderId, StepProvider> {
  const http = { ...(options.fetch ? { fetch: options.fetch } : {}), timeoutMs: options.timeoutMs ?? config.timeoutMs };
  const providers = new Map<StepProviderId, StepProvider>();
  if (config.huawei) providers.set('huawei', new HuaweiProvider(config.huawei, http));
  if (config.fitbit) providers.set('fitbit', new FitbitProvider(config.fitbit, http));
  return providers;
}

export { FitbitProvider, parseFitbitNotifications, verifyFitbitSignature, type FitbitNotification } from './fitbit.js';
export { HuaweiProvider } from './huawei.js';
export { ProviderError, type ProviderFailure, type StepProvider } from './provider.js';
