import { AttendanceStatus } from '../../domain/attendance';
import type { Locale } from '../../domain/locales';
import type { AbsenceSitting, MailedNotification } from '../../domain/notifications';
import type { OutgoingMail } from '../mail-transport';

// Each mail is written in its recipient's language: the one they last chose in the app (`users.locale`),
// Japanese (the default, SPEC §1) for an account that never chose.

/** The words of one mail in one language. */
type Words = { subject: string; lines: readonly string[] };

function mail(to: string, words: Words): OutgoingMail {
  return { to, subject: words.subject, text: words.lines.join('\n') };
}

/** The line a sign-in mail gives its code on, in each language (tests and scripts read the code from it). */
export const SIGN_IN_CODE_LABELS: Record<Locale, string> = {
  ja: 'ログイン確認コード',
  vi: 'Mã xác thực đăng nhập',
  en: 'Sign-in code',
};

/** The code of a sign-in mail in any language: its first capture group is the six digits. */
export const SIGN_IN_CODE_PATTERN = new RegExp(
  `(?:${Object.values(SIGN_IN_CODE_LABELS).join('|')}): (\\d{6})`,
);

/** The two-step sign-in code. */
export function otpMail(to: string, locale: Locale, code: string, minutes: number): OutgoingMail {
  const codeLine = `${SIGN_IN_CODE_LABELS[locale]}: ${code}`;
  const words: Record<Locale, Words> = {
    ja: {
      subject: codeLine,
      lines: [
        codeLine,
        `このコードの有効期限は${minutes}分です。心当たりがない場合はこのメールを破棄してください。`,
      ],
    },
    vi: {
      subject: codeLine,
      lines: [codeLine, `Mã có hiệu lực trong ${minutes} phút. Nếu bạn không yêu cầu, hãy bỏ qua email này.`],
    },
    en: {
      subject: codeLine,
      lines: [
        codeLine,
        `The code is valid for ${minutes} minutes. If you did not try to sign in, ignore this mail.`,
      ],
    },
  };
  return mail(to, words[locale]);
}

/** A password reset link. */
export function resetMail(to: string, locale: Locale, link: string, minutes: number): OutgoingMail {
  const words: Record<Locale, Words> = {
    ja: {
      subject: 'パスワード再設定',
      lines: [`パスワードを再設定するには次のリンクを開いてください（1回限り、${minutes}分間有効）:`, link],
    },
    vi: {
      subject: 'Đặt lại mật khẩu',
      lines: [`Để đặt lại mật khẩu, hãy mở liên kết sau (dùng một lần, hiệu lực ${minutes} phút):`, link],
    },
    en: {
      subject: 'Password reset',
      lines: [`To reset your password, open this link (single use, valid for ${minutes} minutes):`, link],
    },
  };
  return mail(to, words[locale]);
}

/** A new account's link to choose its password (the education-account mail, sent again on request). */
export function chooseMail(to: string, locale: Locale, link: string, minutes: number): OutgoingMail {
  const words: Record<Locale, Words> = {
    ja: {
      subject: 'アカウントの設定',
      lines: [`次のリンクからパスワードを設定してください（${minutes}分間有効）:`, link],
    },
    vi: {
      subject: 'Thiết lập tài khoản',
      lines: [`Hãy đặt mật khẩu cho tài khoản qua liên kết sau (hiệu lực ${minutes} phút):`, link],
    },
    en: {
      subject: 'Set up your account',
      lines: [`Choose the password of your account with this link (valid for ${minutes} minutes):`, link],
    },
  };
  return mail(to, words[locale]);
}

/** An invitation: an admin created the account; the link chooses its password (hours, since it lasts days). */
export function inviteMail(to: string, locale: Locale, link: string, minutes: number): OutgoingMail {
  const hours = Math.round(minutes / 60);
  const words: Record<Locale, Words> = {
    ja: {
      subject: '学校管理への招待',
      lines: [
        `学校管理に招待されました。次のリンクからパスワードを設定してください（1回限り、${hours}時間有効）:`,
        link,
      ],
    },
    vi: {
      subject: 'Lời mời tham gia',
      lines: [
        `Bạn được mời sử dụng hệ thống quản lý trường. Hãy đặt mật khẩu qua liên kết sau (dùng một lần, hiệu lực ${hours} giờ):`,
        link,
      ],
    },
    en: {
      subject: 'You are invited',
      lines: [
        `You are invited to the school administration. Choose your password with this link (single use, valid for ${hours} hours):`,
        link,
      ],
    },
  };
  return mail(to, words[locale]);
}

/** The account was locked after too many wrong codes. */
export function lockedMail(to: string, locale: Locale, hours: number): OutgoingMail {
  const words: Record<Locale, Words> = {
    ja: {
      subject: 'アカウントをロックしました',
      lines: [
        `確認コードの誤入力が続いたため、アカウントを${hours}時間ロックしました。パスワードを再設定するとすぐに解除されます。`,
      ],
    },
    vi: {
      subject: 'Tài khoản đã bị khóa',
      lines: [
        `Tài khoản đã bị khóa ${hours} giờ vì nhập sai mã xác thực quá nhiều lần. Đặt lại mật khẩu để mở khóa ngay.`,
      ],
    },
    en: {
      subject: 'Your account was locked',
      lines: [
        `Your account was locked for ${hours} hours after too many wrong sign-in codes. Resetting your password unlocks it at once.`,
      ],
    },
  };
  return mail(to, words[locale]);
}

/** Each language's text of each notification that is also mailed. */
const NOTIFICATION_TEXTS: Record<MailedNotification, Record<Locale, string>> = {
  notification_request_created: {
    ja: '新しい申請が届いています。',
    vi: 'Có một yêu cầu mới đang chờ bạn.',
    en: 'A new request is waiting for you.',
  },
  notification_request_approved: {
    ja: '申請が承認されました。',
    vi: 'Yêu cầu của bạn đã được chấp thuận.',
    en: 'Your request was approved.',
  },
  notification_request_rejected: {
    ja: '申請が却下されました。',
    vi: 'Yêu cầu của bạn đã bị từ chối.',
    en: 'Your request was rejected.',
  },
  notification_account_changed: {
    ja: 'アカウント情報が変更されました。心当たりがない場合は管理者に連絡してください。',
    vi: 'Tài khoản của bạn đã được thay đổi. Nếu không phải bạn, hãy liên hệ quản trị viên.',
    en: 'Your account was changed. If this was not you, contact an administrator.',
  },
};

const NOTIFICATION_SUBJECTS: Record<Locale, string> = { ja: 'お知らせ', vi: 'Thông báo', en: 'Notification' };

/** A notification sent by mail (the user's mail switch is on), linking to the page it points at. */
export function notificationMail(
  to: string,
  locale: Locale,
  message: MailedNotification,
  link: string,
): OutgoingMail {
  return mail(to, {
    subject: NOTIFICATION_SUBJECTS[locale],
    lines: [NOTIFICATION_TEXTS[message][locale], link],
  });
}

/** What an absence notice says (server/modules/absence-notices): the child, the day and each sitting. */
export interface AbsenceNoticeWords {
  childName: string;
  /** `YYYY-MM-DD`. */
  day: string;
  sittings: readonly AbsenceSitting[];
}

/** Each language's name of the statuses a notice tells (the app's own labels of them). */
const NOTICE_STATUS_LABELS: Record<Locale, Record<number, string>> = {
  ja: { [AttendanceStatus.late]: '遅刻', [AttendanceStatus.unexplainedAbsence]: '無断欠席' },
  vi: { [AttendanceStatus.late]: 'Đi muộn', [AttendanceStatus.unexplainedAbsence]: 'Vắng không phép' },
  en: { [AttendanceStatus.late]: 'Late', [AttendanceStatus.unexplainedAbsence]: 'Unexplained absence' },
};

/** A day as each language writes it: 2026年4月1日(水), Thứ Tư, 01/04/2026, Wednesday 1 April 2026. */
function noticeDay(locale: Locale, day: string): string {
  const date = new Date(`${day}T00:00:00Z`);
  const tag = { ja: 'ja-JP', vi: 'vi-VN', en: 'en-GB' }[locale];
  return new Intl.DateTimeFormat(tag, {
    timeZone: 'UTC',
    year: 'numeric',
    month: 'long',
    day: 'numeric',
    weekday: 'short',
  }).format(date);
}

/** The words of an absence notice in one language: a title, a one-line summary, and a line per sitting. */
export function absenceNoticeText(
  locale: Locale,
  notice: AbsenceNoticeWords,
): { title: string; summary: string; sittingLines: string[] } {
  const day = noticeDay(locale, notice.day);
  const sittingLines = notice.sittings.map((sitting) =>
    `${sitting.lessonName} ${sitting.start}–${sitting.end} ${NOTICE_STATUS_LABELS[locale][sitting.status] ?? ''}`.trim(),
  );
  const words: Record<Locale, { title: string; summary: string }> = {
    ja: {
      title: `出欠のお知らせ: ${notice.childName}さん`,
      summary: `${notice.childName}さんの${day}の出欠が、欠席または遅刻として記録されました。`,
    },
    vi: {
      title: `Thông báo chuyên cần: ${notice.childName}`,
      summary: `${notice.childName} được ghi vắng mặt hoặc đi muộn vào ${day}.`,
    },
    en: {
      title: `Attendance notice: ${notice.childName}`,
      summary: `${notice.childName} was marked absent or late on ${day}.`,
    },
  };
  return { ...words[locale], sittingLines };
}

/** The closing line before a notice's link, in each language. */
const NOTICE_LINK_LINES: Record<Locale, string> = {
  ja: '詳しくは次のリンクから確認できます。欠席の連絡（申請）もここから送れます:',
  vi: 'Xem chi tiết và gửi đơn xin phép tại liên kết sau:',
  en: 'See the day, and send an excuse, with this link:',
};

/** An absence notice mailed to a guardian in their language, linking to the child's day. */
export function absenceNoticeMail(
  to: string,
  locale: Locale,
  notice: AbsenceNoticeWords,
  link: string,
): OutgoingMail {
  const text = absenceNoticeText(locale, notice);
  return mail(to, {
    subject: text.title,
    lines: [
      text.summary,
      '',
      ...text.sittingLines.map((line) => `- ${line}`),
      '',
      NOTICE_LINK_LINES[locale],
      link,
    ],
  });
}
