import { USERS } from './areas/users';
import { DASHBOARD } from './areas/dashboard';
import { REVIEWER } from './areas/reviewer';
import { FLAGGED_DAYS } from './areas/flagged-days';
import { FINANCE } from './areas/finance';
import { PLANS } from './areas/plans';
import { CONTENT } from './areas/content';
import { POLICIES } from './areas/policies';
import { CLUBS } from './areas/clubs';
import { MODERATION } from './areas/moderation';
import { CHALLENGES } from './areas/challenges';
import { CONTENT_LANGUAGES } from './areas/content-languages';
import { FOUR_EYES } from './areas/four-eyes';
import { SIGN_IN } from './areas/sign-in';
import { RECORDS } from './areas/records';
import { STEP_SOURCES } from './areas/step-sources';
import type { Messages } from './en';
import { MERCHANT } from './areas/merchant';

export const zhHans: Messages = {
  appName: 'Stride 运营后台',
  language: '语言',
  logout: '退出登录',
  loading: '加载中…',
  cancel: '取消',
  ok: '确定',
  refresh: '刷新',
  networkError: '网络错误，请稍后重试。',
  sessionEnded: '后台会话已结束，请重新登录。',
  done: '完成',

  'login.title': '运营人员登录',
  'login.name': '运营账号',
  'login.password': '密码',
  'login.code': '验证器动态码或恢复码',
  'login.codeHint': '请输入验证器应用中的 6 位动态码，或一个恢复码。',
  'login.submit': '登录',
  'login.verify': '验证',
  'login.back': '换一个账号',

  'enrol.title': '设置两步验证',
  'enrol.intro': '请用验证器应用扫描此二维码（或手动输入密钥），然后输入它显示的第一个动态码。',
  'enrol.key': '密钥',
  'enrol.code': '第一个动态码',
  'enrol.confirm': '确认',
  'enrol.recoveryTitle': '恢复码',
  'enrol.recoveryIntro': '请妥善保存这些一次性恢复码：每个可代替一次动态码。它们只显示这一次。',
  'enrol.continue': '我已保存',

  'menu.identity': '实名审核',
  'menu.withdrawals': '提现审核',
  'menu.operators': '运营人员',
  'menu.audit': '操作日志',
  'home.welcome': '欢迎，{name}。',
  'home.noRoles': '您的角色暂时无法使用本后台的任何页面。',

  'identity.account': '账号',
  'identity.name': '姓名',
  'identity.idNumber': '证件号码',
  'identity.submittedAt': '提交时间',
  'identity.approve': '通过',
  'identity.approveConfirm':
    '确认通过 {name}（{idNumber}，账号 {account}）的实名审核？通过后该用户即完成实名认证：可购买会员卡、绑定银行卡，完成人脸核验后即可提现。',
  'identity.reject': '驳回',
  'identity.approved': '已通过实名审核。',
  'identity.rejected': '已驳回实名审核。',
  'identity.empty': '暂无待审核的实名信息。',

  'withdrawals.user': '用户',
  'withdrawals.amount': '金额',
  'withdrawals.fee': '手续费',
  'withdrawals.received': '应付',
  'withdrawals.bank': '银行账户',
  'withdrawals.createdAt': '申请时间',
  'withdrawals.pay': '标记已打款',
  'withdrawals.payConfirm': '确认已向 {holder} 打款 {amount}？',
  'withdrawals.reject': '驳回',
  'withdrawals.paid': '已标记为已打款。',
  'withdrawals.rejected': '已驳回提现，全部金额已退回余额。',
  'withdrawals.empty': '暂无待处理的提现。',

  'reason.title': '驳回原因',
  'reason.label': '原因（用户可见）',
  'reason.required': '请填写原因。',

  'operators.name': '账号',
  'operators.roles': '角色',
  'operators.state': '状态',
  'operators.totp': '两步验证',
  'operators.createdAt': '创建时间',
  'operators.active': '正常',
  'operators.disabled': '已停用',
  'operators.enrolled': '已设置',
  'operators.notEnrolled': '未设置',
  'operators.create': '新建运营人员',
  'operators.created': '已创建运营人员 {name}',
  'operators.initialPassword':
    '初始密码只显示这一次。请安全地转交；它只能用于首次登录，届时需设置自己的密码，再设置两步验证。',
  'operators.editRoles': '角色',
  'operators.editRolesTitle': '{name} 的角色',
  'operators.disable': '停用',
  'operators.enable': '启用',
  'operators.disableConfirm': '停用 {name}？其后台会话将立即结束。',
  'operators.resetSecondFactor': '重置两步验证',
  'operators.resetConfirm': '移除 {name} 的两步验证？其下次登录时需重新设置。',
  'operators.saved': '已保存。',
  'operators.nameRule': '2 到 64 位小写字母、数字、点、连字符或下划线。',
  'operators.rolesRule': '请至少选择一个角色。',
  'operators.you': '本人',

  'role.admin': '管理员',
  'role.reviewer': '审核员',
  'role.finance': '财务',
  'role.merchant': '商家',
  'role.editor': '编辑',
  'role.support': '客服',

  'audit.at': '时间',
  'audit.operator': '操作人',
  'audit.source': '来源',
  'audit.action': '操作',
  'audit.subject': '对象',
  'audit.subjectType': '对象类型',
  'audit.subjectId': '对象 ID',
  'audit.range': '时间范围',
  'audit.search': '查询',
  'audit.reset': '清空',
  'audit.detail': '详情',
  'audit.before': '修改前',
  'audit.after': '修改后',
  'audit.total': '共 {total} 条',

  ...USERS.zhHans,
  ...DASHBOARD.zhHans,
  ...REVIEWER.zhHans,
  ...FLAGGED_DAYS.zhHans,
  ...FINANCE.zhHans,
  ...MERCHANT.zhHans,
  ...PLANS.zhHans,
  ...CONTENT.zhHans,
  ...POLICIES.zhHans,
  ...CLUBS.zhHans,
  ...MODERATION.zhHans,
  ...CHALLENGES.zhHans,
  ...CONTENT_LANGUAGES.zhHans,
  ...FOUR_EYES.zhHans,
  ...SIGN_IN.zhHans,
  ...RECORDS.zhHans,
  ...STEP_SOURCES.zhHans,
};
