import type { Rules } from '@stride/contract';

export type SupportContact = NonNullable<Rules['supportContact']>;

/** Where the support contact leads: a mail, a call, or its page (decision 082 "A newcomer's first screens"). */
export function supportHref(contact: SupportContact): string {
  if (contact.kind === 'email') return `mailto:${contact.value}`;
  if (contact.kind === 'phone') return `tel:${contact.value.replace(/[^+0-9]/g, '')}`;
  return contact.value;
}
