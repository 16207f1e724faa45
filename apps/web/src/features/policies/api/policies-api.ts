import {
  acceptPolicies as acceptEndpoint,
  currentPolicyVersions as currentEndpoint,
  getConsents as consentsEndpoint,
  getPolicy as policyEndpoint,
  grantConsent as grantEndpoint,
  type ConsentKind,
  type PolicyKind,
} from '@stride/contract';
import { call, type CallOptions } from '../../../lib/http';

export type PolicyVersions = { readonly terms: number; readonly privacy: number };

/** One policy in the app's language: the current version, or `version`. */
export function getPolicy(kind: PolicyKind, version: number | undefined, options?: CallOptions) {
  return call(policyEndpoint, { params: { kind }, query: version === undefined ? {} : { version } }, options);
}

export function getCurrentPolicyVersions(options?: CallOptions) {
  return call(currentEndpoint, {}, options);
}

export function getConsents(options?: CallOptions) {
  return call(consentsEndpoint, {}, options);
}

export function acceptPolicies(versions: PolicyVersions, options?: CallOptions) {
  return call(acceptEndpoint, { body: { terms: versions.terms, privacy: versions.privacy } }, options);
}

export function grantConsent(kind: ConsentKind, options?: CallOptions) {
  return call(grantEndpoint, { body: { kind } }, options);
}
