export { listCardPlans } from './api/list-card-plans';
export { listMyCards } from './api/list-my-cards';
export { listPolicies } from './api/list-policies';
export { buyCard } from './api/buy-card';
export { claimPolicy } from './api/claim-policy';
export { listMembershipOrders } from './api/list-membership-orders';
export { cancelMembershipOrder } from './api/cancel-membership-order';
export { CardProgress } from './components/card-progress';
export {
  ClaimPolicyForm,
  RELATIONS,
  RELATION_TEXT,
  type FamilyMember,
  type FamilyRelation,
} from './components/claim-policy-form';
export { holdsPlan, termCashBack } from './cash-back';
export { planValue } from './plan-value';
export { PlanValue } from './components/plan-value';
