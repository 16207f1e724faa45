import { area } from '../area';

/**
 * The "Clubs" screen's own texts (editors; docs/console/clubs.md): the list, the verified badge, closing a club that
 * breaks the rules. Imported by its page only (not by the dictionaries), so they load with its chunk and stay out of
 * the first route (its budget, decision 022 "The operator console").
 */
export const CLUBS_PAGE = area(
  {
    'clubs.intro':
      'Walking clubs users started. Verify a club to give it the badge its members see; close one that breaks the rules: its members are told why, and no one can open or join it again.',
    'clubs.search': 'Name or code',
    'clubs.searchPlaceholder': 'A part of the name, or the code',
    'clubs.state': 'State',
    'clubs.any': 'Any',
    'clubs.open': 'Open',
    'clubs.closed': 'Closed',
    'clubs.name': 'Club',
    'clubs.code': 'Code',
    'clubs.owner': 'Owner',
    'clubs.members': 'Members',
    'clubs.verified': 'Verified',
    'clubs.createdAt': 'Started',
    'clubs.closedReason': 'Why it closed',
    'clubs.closedEmpty': 'Its last member left',
    'clubs.actions': 'Actions',
    'clubs.verify': 'Verify',
    'clubs.unverify': 'Remove badge',
    'clubs.close': 'Close',
    'clubs.closeTitle': 'Close {name}',
    'clubs.closeHint':
      'The club closes at once: its members can no longer open it or its board, no one can join it, and each member is told in the inbox with this reason.',
    'clubs.closeLabel': 'Reason (every member sees it)',
    'clubs.verifiedDone': '{name} is verified.',
    'clubs.unverifiedDone': 'The badge of {name} is removed.',
    'clubs.closedDone': '{name} is closed.',
    'clubs.empty': 'No club matches.',
    'clubs.total': '{total} clubs',
  },
  {
    'clubs.intro':
      '用户创建的健步俱乐部。认证俱乐部后，成员会看到认证标识；关闭违反规则的俱乐部后，成员会收到关闭原因，且任何人都无法再打开或加入。',
    'clubs.search': '名称或邀请码',
    'clubs.searchPlaceholder': '名称的一部分，或邀请码',
    'clubs.state': '状态',
    'clubs.any': '全部',
    'clubs.open': '开放',
    'clubs.closed': '已关闭',
    'clubs.name': '俱乐部',
    'clubs.code': '邀请码',
    'clubs.owner': '创建者',
    'clubs.members': '成员数',
    'clubs.verified': '已认证',
    'clubs.createdAt': '创建时间',
    'clubs.closedReason': '关闭原因',
    'clubs.closedEmpty': '最后一名成员已退出',
    'clubs.actions': '操作',
    'clubs.verify': '认证',
    'clubs.unverify': '取消认证',
    'clubs.close': '关闭',
    'clubs.closeTitle': '关闭 {name}',
    'clubs.closeHint':
      '俱乐部将立即关闭：成员无法再打开俱乐部及其排行榜，任何人都无法加入，每位成员都会在消息中心收到此原因。',
    'clubs.closeLabel': '原因（所有成员可见）',
    'clubs.verifiedDone': '{name} 已认证。',
    'clubs.unverifiedDone': '已取消 {name} 的认证。',
    'clubs.closedDone': '{name} 已关闭。',
    'clubs.empty': '没有符合条件的俱乐部。',
    'clubs.total': '共 {total} 个俱乐部',
  },
);
