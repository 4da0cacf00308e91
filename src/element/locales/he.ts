import type { UploadStrings } from '../i18n/strings.ts';

/** Hebrew (עברית). Register with `registerLocale('he', he)`. */
export const he = {
  chooseFiles: 'בחירת קבצים',
  chooseFile: 'בחירת קובץ',
  dropHint: 'או לגרור אותם לכאן',
  empty: 'אין עדיין קבצים.',
  listLabel: 'העלאות',

  ready: 'מוכן',
  queued: 'ממתין',
  starting: 'מתחיל',
  uploading: 'מעלה',
  paused: 'מושהה',
  retrying: 'ניסיון חוזר בעוד {time}',
  retryingNow: 'מנסה שוב',
  offline: 'אין חיבור, ממתין לרשת',
  done: 'הושלם',
  failed: 'נכשל: {reason}',
  cancelled: 'בוטל',
  rejected: 'לא נוסף: {reason}',

  progress: '{percent}, {done} מתוך {total}',
  timeLeft: 'נותרו {time}',

  start: 'התחלת העלאה של {name}',
  pause: 'השהיית {name}',
  resume: 'המשך העלאה של {name}',
  cancel: 'ביטול {name}',
  retry: 'ניסיון חוזר להעלות את {name}',
  remove: 'הסרת {name} מהרשימה',

  interruptedLabel: 'העלאות שנקטעו',
  interrupted: 'נקטעה ב־{percent}',
  interruptedNeedsFile: 'נקטעה ב־{percent}: יש לבחור את הקובץ שוב כדי להמשיך',
  chooseAgain: 'בחירה מחדש',
  chooseAgainLabel: 'בחירה מחדש כדי להמשיך את {name}',
  discard: 'מחיקת {name}',

  announceStart: 'מעלה את {name}',
  announceDone: '{name} הועלה',
  announceFailed: 'העלאת {name} נכשלה: {reason}',
  announceInterrupted: 'חלק מההעלאות נקטעו: אפשר להמשיך או למחוק אותן למטה',

  announceRejected: '{name} לא נוסף: {reason}',
  announceRetrying: '{name}: ניסיון חוזר בעוד {time}',
  announceOffline: '{name}: אין חיבור, ממתין לרשת',
  announceSummary: 'העלאות: {done} הושלמו, {failed} נכשלו, {left} נותרו',

  summaryLabel: 'כל ההעלאות',
  summaryDone: { one: 'הושלמו: {count}', two: 'הושלמו: {count}', other: 'הושלמו: {count}' },
  summaryFailed: { one: 'נכשלו: {count}', two: 'נכשלו: {count}', other: 'נכשלו: {count}' },
  summaryLeft: { one: 'נותרו: {count}', two: 'נותרו: {count}', other: 'נותרו: {count}' },
  pauseAll: 'השהה הכול',
  resumeAll: 'המשך הכול',
  retryAll: 'נסה שוב הכול',
  cancelAll: 'בטל הכול',

  rejectAccept: 'סוג הקובץ הזה אינו מתקבל',
  rejectSize: 'הוא גדול מ־{max}',
  rejectMultiple: 'קובץ אחד בכל פעם',

  errorNetwork: 'החיבור נכשל שוב ושוב',
  errorHttp: 'השרת דחה את הבקשה (HTTP {status})',
  errorProtocol: 'השרת השיב תשובה לא צפויה',
  errorIntegrity: 'העותק בשרת שונה מהקובץ',
  errorFileUnreadable: 'כבר לא ניתן לקרוא את הקובץ',
  errorLocked: 'הקובץ מועלה בכרטיסייה אחרת',
  errorSessionExpired: 'תוקף סשן ההעלאה פג',
  errorInvalidOption: 'ההעלאה לא הוגדרה כראוי',
  errorUnknown: 'משהו השתבש',
} satisfies Partial<UploadStrings>;
