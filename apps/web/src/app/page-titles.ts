import type { MessageKey } from '../lib/i18n';
import { PATHS, type AppPath, type PageQuery } from '../lib/navigation';

/**
 * Each page's title. Apart from the route table so that a page may list other pages by title
 * (my assets' services) without importing the table that loads it.
 */
export const PAGE_TITLES: { readonly [Path in AppPath]: MessageKey } = {
  [PATHS.home]: 'title.home',
  [PATHS.invite]: 'title.invite',
  [PATHS.shop]: 'title.shop',
  [PATHS.my]: 'title.my',
  [PATHS.login]: 'title.login',
  [PATHS.editPassword]: 'title.editPassword',
  [PATHS.invest]: 'title.invest',
  [PATHS.addresses]: 'title.address',
  [PATHS.addressEdit]: 'title.addressEdit',
  [PATHS.asset]: 'title.asset',
  [PATHS.card]: 'title.card',
  [PATHS.changePassword]: 'title.changePassword',
  // Your data: export and account deletion (decision 047 "Your data").
  [PATHS.accountData]: 'title.accountData',
  [PATHS.demo]: 'title.demo',
  [PATHS.exchangeRecord]: 'title.exchangeRecord',
  [PATHS.faceRecognition]: 'title.faceRecognition',
  [PATHS.insurance]: 'title.insurance',
  [PATHS.officialCommunity]: 'title.officialCommunity',
  [PATHS.orderList]: 'title.orderList',
  [PATHS.orderMember]: 'title.orderMember',
  [PATHS.orderShop]: 'title.orderShop',
  [PATHS.paymentPassword]: 'title.paymentPassword',
  [PATHS.physicalCardMailing]: 'title.physicalCardMailing',
  [PATHS.pointsStatement]: 'title.pointsStatement',
  [PATHS.profile]: 'title.profile',
  [PATHS.realname]: 'title.realname',
  [PATHS.rules]: 'title.rules',
  [PATHS.appeals]: 'title.appeals',
  [PATHS.stepSources]: 'title.stepSources',
  [PATHS.friends]: 'title.friends',
  [PATHS.clubs]: 'title.clubs',
  [PATHS.challenges]: 'challenges.title',
  [PATHS.stepDay]: 'title.stepDay',
  [PATHS.stepHistory]: 'title.stepHistory',
  [PATHS.walk]: 'title.walk',
  [PATHS.withdrawal]: 'title.withdrawal',
  [PATHS.withdrawalDetail]: 'title.withdrawalDetail',
  [PATHS.withdrawalType]: 'title.withdrawalType',
  [PATHS.pushSettings]: 'title.pushSettings',
  [PATHS.withdrawalTypeEdit]: 'title.withdrawalTypeEdit',
  [PATHS.notifications]: 'title.notifications',
  [PATHS.terms]: 'title.terms',
  [PATHS.privacy]: 'title.privacy',
  [PATHS.policyUpdate]: 'title.policyUpdate',
};

/** Pages that add a thing without an `id` and edit one with it: their title says which. */
const EDITING_TITLES: { readonly [Path in AppPath]?: MessageKey } = {
  [PATHS.addressEdit]: 'title.addressEditing',
  [PATHS.withdrawalTypeEdit]: 'title.withdrawalTypeEditing',
};

/** The nav bar's title for a page and its query: "add …" or "edit …" where the page does both. */
export function pageTitleKey(path: AppPath, query: PageQuery): MessageKey {
  return (query.id ? EDITING_TITLES[path] : undefined) ?? PAGE_TITLES[path];
}
