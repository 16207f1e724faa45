import { area } from '../area';

/** The first password, the sign-in lock's notice and its lifting by an admin (decision 073 "Operator sign-in"). */
export const SIGN_IN = area(
  {
    'firstPassword.title': 'Choose your password',
    'firstPassword.intro':
      'The password you were given works only once, for this step: choose a password of your own (at least 12 characters). Two-step verification comes next.',
    'firstPassword.current': 'Password you were given',
    'firstPassword.new': 'New password',
    'firstPassword.repeat': 'New password again',
    'firstPassword.newRule': 'At least 12 characters.',
    'firstPassword.repeatRule': 'The two passwords differ.',
    'firstPassword.submit': 'Set password',
    'firstPassword.done': 'Password set.',

    'signInLock.notice':
      'Your sign-in was locked at {at} after {failures} failed attempts from {addresses} addresses. If that was not you, someone tried to sign in as you: tell an administrator.',
    'signInLock.dismiss': 'Got it',

    'operators.signIn': 'Sign-in',
    'operators.mustChangePassword': 'Password to set',
    'operators.lockedUntil': 'Sign-in locked until {time}',
    'operators.liftLock': 'Lift lock',
    'operators.liftLockConfirm': 'Lift the sign-in lock of {name} now? Their failure count starts again.',
  },
  {
    'firstPassword.title': '设置您的密码',
    'firstPassword.intro': '您收到的密码只能用于这一步：请设置您自己的密码（至少 12 个字符）。接下来设置两步验证。',
    'firstPassword.current': '您收到的密码',
    'firstPassword.new': '新密码',
    'firstPassword.repeat': '再次输入新密码',
    'firstPassword.newRule': '至少 12 个字符。',
    'firstPassword.repeatRule': '两次输入的密码不一致。',
    'firstPassword.submit': '设置密码',
    'firstPassword.done': '密码已设置。',

    'signInLock.notice':
      '您的登录曾于 {at} 被锁定：来自 {addresses} 个地址的 {failures} 次失败尝试。如果不是您本人，说明有人试图以您的身份登录，请告知管理员。',
    'signInLock.dismiss': '知道了',

    'operators.signIn': '登录',
    'operators.mustChangePassword': '待设置密码',
    'operators.lockedUntil': '登录锁定至 {time}',
    'operators.liftLock': '解除锁定',
    'operators.liftLockConfirm': '现在解除 {name} 的登录锁定？其失败次数将重新计算。',
  },
);
