export { listCardPlans } from './api/list-card-plans';
export { listMyCards } from './api/list-my-cards';
export { listPolicies } from './api/list-policies';
