import { sql } from 'kysely';

/**
 * What a day counts on a board (docs/product/friends.md, The friends' board), over `step_days as d` left-joined to
 * `step_reviews as r`: its steps are credited unless a review holds it (then they are held, apart) or rejected it
 * (then they count nowhere).
 */
export const creditedSteps = sql<number>`case when r.status is null or r.status = 'cleared' then d.steps else 0 end`;
export const heldSteps = sql<number>`case when r.status = 'flagged' then d.steps else 0 end`;
