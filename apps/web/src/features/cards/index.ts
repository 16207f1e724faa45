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
export { PlanRows } from './components/plan-rows';
