import { defineModule, type Frame } from '../../lib/module.js';
import type { CaptchaService } from '../captcha/captcha.service.js';
import type { CardsService } from '../cards/cards.service.js';
import type { FilesService } from '../files/files.service.js';
import type { IdentityService } from '../identity/identity.service.js';
import type { InvitesAdmin } from '../invites/invites.admin.js';
import type { LedgerService } from '../ledger/ledger.service.js';
import type { AuditService } from '../audit/audit.service.js';
import type { PayoutsService } from '../payouts/payouts.service.js';
import type { PoliciesService } from '../policies/policies.service.js';
import type { RateLimitService } from '../rate-limit/rate-limit.service.js';
import type { ShopService } from '../shop/shop.service.js';
import type { SmsCodesService } from '../sms-codes/sms-codes.service.js';
import { AccountsAdmin, type UserReaders } from './accounts.admin.js';
import { registerAccountsConsoleRoutes } from './accounts.console.js';
import { AccountsRepository } from './accounts.repository.js';
import { registerAccountRoutes } from './accounts.routes.js';
import { AccountsService } from './accounts.service.js';
import { accountsSettings, type AccountsSettings } from './accounts.settings.js';
import { PasswordResetsRepository } from './password-resets.repository.js';
import { PasswordHasher } from './passwords.js';
import { ProfileService } from './profile.service.js';
import { SessionsRepository } from './sessions.repository.js';
import { SessionsService } from './sessions.service.js';

/** What the accounts module builds on; the user page's readers are read when an operator opens one. */
interface AccountsNeeds {
  captcha: CaptchaService;
  limits: RateLimitService;
  smsCodes: SmsCodesService;
  policies: PoliciesService;
  audit: AuditService;
  files: FilesService;
  identity: IdentityService;
  cards: CardsService;
  payouts: PayoutsService;
  shop: ShopService;
  ledger: LedgerService;
  admin: { invites: InvitesAdmin };
}

/**
 * Users, sign-up, sign-in, sessions, password reset and the profile (decisions 004 "Sessions, passwords, captcha and
 * rate limits", 035 "Phone ownership at sign-up", 043 "Profile (nickname and avatar), My in groups with icons"); user
 * care in the console (decision 026 "User care in the operator console").
 */
export const accountsModule = defineModule({
  name: 'accounts',
  settings: accountsSettings,
  needs: ['captcha', 'limits', 'smsCodes', 'policies', 'audit', 'files'],
  // The console's user page reads each domain's part of a user, all built after accounts.
  later: ['identity', 'cards', 'payouts', 'shop', 'admin.invites', 'ledger'],
  build: (
    { db, clock, config, options }: Frame<AccountsSettings, { inviteCodes: () => string }>,
    services: AccountsNeeds,
  ) => {
    const repository = new AccountsRepository();
    const hasher = new PasswordHasher(config.argon2);
    const sessions = new SessionsService(
      db,
      new SessionsRepository(),
      clock,
      config.appSecret,
      config.sessionDays,
      config.sessionCacheMs,
    );
    const accounts = new AccountsService(
      db,
      repository,
      new PasswordResetsRepository(),
      sessions,
      hasher,
      services.captcha,
      services.limits,
      services.smsCodes,
      clock,
      config,
      options.inviteCodes,
      services.policies,
    );
    // The session read carries the nickname and avatar: a change forgets the user's cached sessions (decision 049 "A
    // bench that holds on a busy machine").
    const forgetSessions = (userId: string) => sessions.forgetUser(userId);
    const readers: UserReaders = {
      get identity() {
        return services.identity;
      },
      get cards() {
        return services.cards;
      },
      get payouts() {
        return services.payouts;
      },
      get shop() {
        return services.shop;
      },
      get invites() {
        return services.admin.invites;
      },
      get ledger() {
        return services.ledger;
      },
    };
    return {
      accounts,
      sessions,
      /** Nickname and avatar (decision 043 "Profile (nickname and avatar), My in groups with icons"). */
      profile: new ProfileService(db, repository, services.files, forgetSessions),
      admin: {
        accounts: new AccountsAdmin(db, repository, services.audit, services.limits, readers, clock, sessions),
      },
    };
  },
  routes: (endpoints, services) => {
    registerAccountRoutes(endpoints, services);
    registerAccountsConsoleRoutes(endpoints, services);
  },
  personalData: ({ accounts }) => [accounts.personalData()],
});
