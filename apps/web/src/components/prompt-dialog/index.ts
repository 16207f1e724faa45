export { PromptDialog, validatePrompt, type PromptDialogProps, type PromptValidator } from './prompt-dialog';
