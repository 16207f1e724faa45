import type { Executor } from '../db/executor.js';
import type { BinaryAnswer } from '../http/endpoints.js';

/** A reported piece of content as it is now, for the reviewers' queue. */
export interface ModeratedContent {
  /** The account that owns it: the one a freeze acts on; null once that account was deleted. */
  ownerId: string | null;
  /** The text shown (a nickname, a club's name); null when there is none. */
  text: string | null;
  /** Whether it is an image the console can load (`image`). */
  image: boolean;
}

/** What hiding changed, for the audit record's before and after. */
export interface Hidden {
  before: unknown;
  after: unknown;
  /** Work once the decision committed (cached sessions that carry a nickname). */
  committed?: () => void;
}

/**
 * One kind of content users may report (decision 096 "Moderation of user content"): the module that owns the content
 * builds it and hands it to the moderation service (`register`), which knows nothing else of the content. The id's
 * meaning is the kind's (a user's id for a nickname, a club's for its name).
 */
export interface ModerationTarget {
  /** One of the contract's MODERATION_KINDS. */
  readonly kind: string;
  /** The id is the owner's user id: reports of it close when that account is deleted. */
  readonly ofUser?: boolean;
  /** Whether `viewerId` sees this content now, to report it; false for content that does not exist. */
  visibleTo(db: Executor, viewerId: string, id: string): Promise<boolean>;
  /** The content of these ids as it is now; ids whose content is gone are left out. */
  contents(db: Executor, ids: readonly string[]): Promise<Map<string, ModeratedContent>>;
  /** Hides the content as it is now, in the decision's transaction; its owner may later give it new content. */
  hide(trx: Executor, id: string, now: number): Promise<Hidden>;
  /** The image itself, for a reviewer (kinds whose content is an image). */
  image?(id: string): Promise<BinaryAnswer>;
}
