import { defineModule, type Frame } from '../../lib/module.js';
import type { AccountsService } from '../accounts/accounts.service.js';
import type { LedgerService } from '../ledger/ledger.service.js';
import type { RateLimitService } from '../rate-limit/rate-limit.service.js';
import { registerPrivacyRoutes } from './privacy.routes.js';
import { PrivacyService } from './privacy.service.js';

/** Your data: the export and the account deletion, over every module's section (decision 047 "Your data"). */
export const privacyModule = defineModule({
  name: 'privacy',
  needs: ['accounts', 'ledger', 'limits'],
  build: (
    frame: Frame,
    { accounts, ledger, limits }: { accounts: AccountsService; ledger: LedgerService; limits: RateLimitService },
  ) => ({
    // One section per module, in the export's order; the deletion erases them in this order too
    // (identity before the uploads its photos are).
    privacy: new PrivacyService(frame.db, frame.personalData(), accounts, ledger, limits, frame.clock, frame.calendar),
  }),
  routes: (endpoints, services) => registerPrivacyRoutes(endpoints, services),
});
