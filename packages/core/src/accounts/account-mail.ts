import type { Locale } from '@voxwork/contract';

export type AccountMailKind = 'verify-email' | 'reset-password' | 'change-email' | 'delete-account';

export interface MailMessage {
  to: string;
  subject: string;
  text: string;
  html: string;
  /** The action link inside, for the development outbox log. */
  link: string;
}

const copy: Record<Locale, Record<AccountMailKind, { subject: string; intro: string; action: string; outro: string }>> = {
  en: {
    'verify-email': {
      subject: 'Confirm your email for Voxwork',
      intro: 'Welcome to Voxwork. Confirm your email address to finish creating your account.',
      action: 'Confirm my email',
      outro: 'If you did not sign up, you can ignore this message. The link is valid for one hour.',
    },
    'reset-password': {
      subject: 'Reset your Voxwork password',
      intro: 'Someone (hopefully you) asked to reset the password of your Voxwork account.',
      action: 'Choose a new password',
      outro: 'If you did not ask for this, ignore this message: your password stays the same. The link is valid for one hour.',
    },
    'change-email': {
      subject: 'Confirm the new email of your Voxwork account',
      intro: 'Confirm that this address should become the email of your Voxwork account.',
      action: 'Confirm the change',
      outro: 'If you did not ask for this, ignore this message and nothing changes.',
    },
    'delete-account': {
      subject: 'Confirm deleting your Voxwork account',
      intro: 'You asked to delete your Voxwork account. This removes your projects, files and remaining points for good.',
      action: 'Delete my account',
      outro: 'If you did not ask for this, ignore this message and change your password.',
    },
  },
  zh: {
    'verify-email': {
      subject: '请验证你的 Voxwork 邮箱',
      intro: '欢迎使用 Voxwork。请验证你的邮箱地址以完成注册。',
      action: '验证邮箱',
      outro: '如果这不是你本人的操作，请忽略此邮件。链接一小时内有效。',
    },
    'reset-password': {
      subject: '重置你的 Voxwork 密码',
      intro: '我们收到了重置你 Voxwork 账号密码的请求。',
      action: '设置新密码',
      outro: '如果这不是你本人的操作，请忽略此邮件，你的密码不会改变。链接一小时内有效。',
    },
    'change-email': {
      subject: '请确认你 Voxwork 账号的新邮箱',
      intro: '请确认将此地址设为你 Voxwork 账号的邮箱。',
      action: '确认更改',
      outro: '如果这不是你本人的操作，请忽略此邮件，账号不会有任何变化。',
    },
    'delete-account': {
      subject: '确认注销你的 Voxwork 账号',
      intro: '你申请注销 Voxwork 账号。注销后，你的项目、文件和剩余积分将被永久删除。',
      action: '注销账号',
      outro: '如果这不是你本人的操作，请忽略此邮件并修改密码。',
    },
  },
};

const escapeHtml = (value: string) => value.replace(/[&<>"']/g, (char) => `&#${char.charCodeAt(0)};`);

/** The account e-mails, in the user's language, as plain text and simple HTML. */
export function accountMail(kind: AccountMailKind, locale: Locale, to: string, link: string, name?: string): MailMessage {
  const text = copy[locale][kind];
  const greeting = locale === 'zh' ? `${name ? `${name}，` : ''}你好：` : `Hello${name ? ` ${name}` : ''},`;
  return {
    to,
    subject: text.subject,
    link,
    text: `${greeting}\n\n${text.intro}\n\n${text.action}: ${link}\n\n${text.outro}\n\n— Voxwork`,
    html:
      `<p>${escapeHtml(greeting)}</p><p>${escapeHtml(text.intro)}</p>` +
      `<p><a href="${escapeHtml(link)}" style="display:inline-block;padding:10px 18px;background:#4f46e5;color:#fff;border-radius:8px;text-decoration:none">${escapeHtml(text.action)}</a></p>` +
      `<p style="color:#666;font-size:13px">${escapeHtml(text.outro)}</p><p>— Voxwork</p>`,
  };
}
