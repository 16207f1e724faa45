import './policies.css';

export { acceptPolicies, getConsents, getPolicy, grantConsent, type PolicyVersions } from './api/policies-api';
export { ConsentCard } from './components/consent-card';
export { PolicyAcceptance, usePolicyAcceptance, type PolicyAcceptanceState } from './components/policy-acceptance';
export { PolicyLink, PolicyLinks } from './components/policy-links';
export { PolicyText, policyBlocks } from './components/policy-text';
export { changedPolicies, PolicyUpdate } from './components/policy-update';
export { PolicyView } from './components/policy-view';
