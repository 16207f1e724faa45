import { area } from '../area';

/**
 * Independent second approvers (decision 074 "Independent second approvers"): who made whom on the money screens, the
 * hint in place of a button that would be refused, and the role grants waiting for a second admin.
 */
export const FOUR_EYES = area(
  {
    'fourEyes.createdBy': 'created by {name}',
    'fourEyes.rolesBy': 'finance or admin from {name}',
    'fourEyes.notIndependent.created': '{operator} was created by {by} on {date}: a different operator must approve.',
    'fourEyes.notIndependent.roles':
      '{operator} was given finance or admin by {by} on {date}: a different operator must approve.',
    'corrections.approvedBy': 'approved by {name}',
    'withdrawals.paidBy': 'paid by {name}',
    'grants.title': 'Role grants waiting for a second admin',
    'grants.intro':
      'Finance and admin given here take effect only when a different admin approves, one who neither asked for the grant nor was made by the admin who did.',
    'grants.operator': 'Operator',
    'grants.current': 'Holds now',
    'grants.roles': 'Adds',
    'grants.requestedBy': 'Asked by',
    'grants.requestedAt': 'Asked',
    'grants.approve': 'Approve',
    'grants.reject': 'Reject',
    'grants.approveConfirm': 'Give {roles} to {name}? It takes effect at once.',
    'grants.approved': 'Granted: the roles apply now.',
    'grants.rejected': 'Role grant rejected.',
    'grants.mine': 'You asked: a different admin approves (you may reject it).',
    'grants.forMe': 'For you: a different admin approves.',
    'operators.pendingRole': '{role} (waiting)',
    'operators.grantRequested': '{roles}: waiting for a second admin to approve.',
  },
  {
    'fourEyes.createdBy': '由 {name} 创建',
    'fourEyes.rolesBy': '财务或管理员角色由 {name} 授予',
    'fourEyes.notIndependent.created': '{operator} 由 {by} 于 {date} 创建：须由另一位操作员审批。',
    'fourEyes.notIndependent.roles': '{operator} 的财务或管理员角色由 {by} 于 {date} 授予：须由另一位操作员审批。',
    'corrections.approvedBy': '由 {name} 批准',
    'withdrawals.paidBy': '由 {name} 打款',
    'grants.title': '待第二位管理员审批的角色授予',
    'grants.intro':
      '在此授予的财务和管理员角色，须由另一位管理员批准后才生效；该管理员不能是申请人，也不能由申请人创建。',
    'grants.operator': '运营人员',
    'grants.current': '现有角色',
    'grants.roles': '新增角色',
    'grants.requestedBy': '申请人',
    'grants.requestedAt': '申请时间',
    'grants.approve': '批准',
    'grants.reject': '驳回',
    'grants.approveConfirm': '确认授予 {name} {roles}？将立即生效。',
    'grants.approved': '已授予，角色立即生效。',
    'grants.rejected': '已驳回角色授予。',
    'grants.mine': '您的申请：须由另一位管理员批准（您可驳回）。',
    'grants.forMe': '授予您的角色：须由另一位管理员批准。',
    'operators.pendingRole': '{role}（待批准）',
    'operators.grantRequested': '{roles}：待第二位管理员批准。',
  },
);
