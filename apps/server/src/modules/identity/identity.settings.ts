import { z } from 'zod';
import { defineSettings } from '../../config.js';

export const identitySettings = defineSettings(
  z.object({
    IDENTITY_REVIEW: z.enum(['auto', 'operator']).optional().meta({
      description:
        '`auto`: a checksum-valid resident ID is verified at once and face checks are accepted; `operator`: every identity and face check waits for `npm run ops`. Other document types always wait for an operator. Production mode warns at every start when it is `auto`.',
      defaultText: '`auto` in demo mode, `operator` in production',
    }),
  }),
  (e, { mode }) => ({
    /** `auto`: format and checksum checks decide (demo); `operator`: an operator decides. */
    identityReview: e.IDENTITY_REVIEW ?? (mode === 'demo' ? ('auto' as const) : ('operator' as const)),
  }),
);

export type IdentitySettings = ReturnType<typeof identitySettings.read>;
