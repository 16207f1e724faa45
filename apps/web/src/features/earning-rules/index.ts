export { RuleChanges } from './components/rule-changes';
export { changeLine, ruleDay, ruleLines, ruleValue } from './rule-text';
