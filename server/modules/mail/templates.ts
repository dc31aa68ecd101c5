import type { MailedNotification } from '../../../domain/notifications';
import type { OutgoingMail } from './transport';

// Mail goes out before the server knows the reader's language, so each mail carries Japanese (the default),
// Vietnamese and English, in that order.

/** The two-step sign-in code. */
export function otpMail(to: string, code: string, minutes: number): OutgoingMail {
  return {
    to,
    subject: `ログイン確認コード / Mã xác thực / Sign-in code: ${code}`,
    text: [
      `ログイン確認コード: ${code}`,
      `このコードの有効期限は${minutes}分です。心当たりがない場合はこのメールを破棄してください。`,
      '',
      `Mã xác thực đăng nhập: ${code}`,
      `Mã có hiệu lực trong ${minutes} phút. Nếu bạn không yêu cầu, hãy bỏ qua email này.`,
      '',
      `Sign-in code: ${code}`,
      `The code is valid for ${minutes} minutes. If you did not try to sign in, ignore this mail.`,
    ].join('\n'),
  };
}

/** A password reset link. */
export function resetMail(to: string, link: string, minutes: number): OutgoingMail {
  return {
    to,
    subject: 'パスワード再設定 / Đặt lại mật khẩu / Password reset',
    text: [
      `パスワードを再設定するには次のリンクを開いてください（1回限り、${minutes}分間有効）:`,
      link,
      '',
      `Để đặt lại mật khẩu, hãy mở liên kết sau (dùng một lần, hiệu lực ${minutes} phút):`,
      link,
      '',
      `To reset your password, open this link (single use, valid for ${minutes} minutes):`,
      link,
    ].join('\n'),
  };
}

/** A new account's link to choose its password (the education-account mail, sent again on request). */
export function chooseMail(to: string, link: string, minutes: number): OutgoingMail {
  return {
    to,
    subject: 'アカウントの設定 / Thiết lập tài khoản / Set up your account',
    text: [
      `次のリンクからパスワードを設定してください（${minutes}分間有効）:`,
      link,
      '',
      `Hãy đặt mật khẩu cho tài khoản qua liên kết sau (hiệu lực ${minutes} phút):`,
      link,
      '',
      `Choose the password of your account with this link (valid for ${minutes} minutes):`,
      link,
    ].join('\n'),
  };
}

/** An invitation: an admin created the account; the link chooses its password (hours, since it lasts days). */
export function inviteMail(to: string, link: string, minutes: number): OutgoingMail {
  const hours = Math.round(minutes / 60);
  return {
    to,
    subject: '学校管理への招待 / Lời mời tham gia / You are invited',
    text: [
      `学校管理に招待されました。次のリンクからパスワードを設定してください（1回限り、${hours}時間有効）:`,
      link,
      '',
      `Bạn được mời sử dụng hệ thống quản lý trường. Hãy đặt mật khẩu qua liên kết sau (dùng một lần, hiệu lực ${hours} giờ):`,
      link,
      '',
      `You are invited to the school administration. Choose your password with this link (single use, valid for ${hours} hours):`,
      link,
    ].join('\n'),
  };
}

/** The account was locked after too many wrong codes. */
export function lockedMail(to: string, hours: number): OutgoingMail {
  return {
    to,
    subject: 'アカウントをロックしました / Tài khoản đã bị khóa / Your account was locked',
    text: [
      `確認コードの誤入力が続いたため、アカウントを${hours}時間ロックしました。パスワードを再設定するとすぐに解除されます。`,
      '',
      `Tài khoản đã bị khóa ${hours} giờ vì nhập sai mã xác thực quá nhiều lần. Đặt lại mật khẩu để mở khóa ngay.`,
      '',
      `Your account was locked for ${hours} hours after too many wrong sign-in codes. Resetting your password unlocks it at once.`,
    ].join('\n'),
  };
}

/** The three languages' text of each notification that is also mailed. */
const NOTIFICATION_TEXTS: Record<MailedNotification, readonly [ja: string, vi: string, en: string]> = {
  notification_request_created: [
    '新しい申請が届いています。',
    'Có một yêu cầu mới đang chờ bạn.',
    'A new request is waiting for you.',
  ],
  notification_request_approved: [
    '申請が承認されました。',
    'Yêu cầu của bạn đã được chấp thuận.',
    'Your request was approved.',
  ],
  notification_request_rejected: [
    '申請が却下されました。',
    'Yêu cầu của bạn đã bị từ chối.',
    'Your request was rejected.',
  ],
  notification_account_changed: [
    'アカウント情報が変更されました。心当たりがない場合は管理者に連絡してください。',
    'Tài khoản của bạn đã được thay đổi. Nếu không phải bạn, hãy liên hệ quản trị viên.',
    'Your account was changed. If this was not you, contact an administrator.',
  ],
};

/** A notification sent by mail (the user's mail switch is on), linking to the page it points at. */
export function notificationMail(to: string, message: MailedNotification, link: string): OutgoingMail {
  const [ja, vi, en] = NOTIFICATION_TEXTS[message];
  return {
    to,
    subject: 'お知らせ / Thông báo / Notification',
    text: [ja, link, '', vi, link, '', en, link].join('\n'),
  };
}
