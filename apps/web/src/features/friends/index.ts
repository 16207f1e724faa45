export { FriendBoard, type BoardEntry, type FriendBoardProps } from './components/friend-board';
export {
  AddFriend,
  FriendList,
  FriendRequests,
  lookupOf,
  SharingSettings,
  type FriendLookup,
} from './components/friend-people';
export { ClubForms, ClubHead, ClubList, ClubMembers } from './components/clubs';
export { ReportSheet, reportTargetsOf, type ReportTarget, type ReportSheetProps } from './components/report-sheet';
