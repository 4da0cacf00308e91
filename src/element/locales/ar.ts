import type { UploadStrings } from '../i18n/strings.ts';

/** Arabic (العربية). Register with `registerLocale('ar', ar)`. */
export const ar = {
  chooseFiles: 'اختر ملفات',
  chooseFile: 'اختر ملفًا',
  dropHint: 'أو أفلتها هنا',
  empty: 'لا توجد ملفات بعد.',
  listLabel: 'عمليات الرفع',

  ready: 'جاهز',
  queued: 'في الانتظار',
  starting: 'جارٍ البدء',
  uploading: 'جارٍ الرفع',
  paused: 'متوقف مؤقتًا',
  retrying: 'إعادة المحاولة بعد {time}',
  retryingNow: 'جارٍ إعادة المحاولة',
  offline: 'غير متصل، في انتظار الشبكة',
  done: 'اكتمل',
  failed: 'فشل: {reason}',
  cancelled: 'أُلغي',
  rejected: 'لم يُضف: {reason}',

  progress: '{percent}، {done} من {total}',
  timeLeft: 'متبقٍ {time}',

  start: 'ابدأ رفع {name}',
  pause: 'أوقف {name} مؤقتًا',
  resume: 'استأنف {name}',
  cancel: 'ألغِ {name}',
  retry: 'أعد محاولة {name}',
  remove: 'أزل {name} من القائمة',

  interruptedLabel: 'عمليات رفع متوقفة',
  interrupted: 'توقف عند {percent}',
  interruptedNeedsFile: 'توقف عند {percent}: اختر الملف مرة أخرى للمتابعة',
  chooseAgain: 'اختر مرة أخرى',
  chooseAgainLabel: 'اختر مرة أخرى لمتابعة {name}',
  discard: 'احذف {name}',

  announceStart: 'جارٍ رفع {name}',
  announceDone: 'تم رفع {name}',
  announceFailed: 'فشل رفع {name}: {reason}',
  announceInterrupted: 'توقفت بعض عمليات الرفع: تابعها أو احذفها أدناه',

  announceRejected: 'لم تُضف {name}: {reason}',
  announceRetrying: '{name}: إعادة المحاولة خلال {time}',
  announceOffline: '{name}: غير متصل، في انتظار الشبكة',
  announceSummary: 'عمليات الرفع: اكتمل {done}، فشل {failed}، تبقّى {left}',

  summaryLabel: 'كل عمليات الرفع',
  summaryDone: { zero: 'اكتمل: {count}', one: 'اكتمل: {count}', two: 'اكتمل: {count}', few: 'اكتمل: {count}', many: 'اكتمل: {count}', other: 'اكتمل: {count}' },
  summaryFailed: { zero: 'فشل: {count}', one: 'فشل: {count}', two: 'فشل: {count}', few: 'فشل: {count}', many: 'فشل: {count}', other: 'فشل: {count}' },
  summaryLeft: { zero: 'متبقٍّ: {count}', one: 'متبقٍّ: {count}', two: 'متبقٍّ: {count}', few: 'متبقٍّ: {count}', many: 'متبقٍّ: {count}', other: 'متبقٍّ: {count}' },
  pauseAll: 'إيقاف الكل مؤقتًا',
  resumeAll: 'استئناف الكل',
  retryAll: 'إعادة محاولة الكل',
  cancelAll: 'إلغاء الكل',

  rejectAccept: 'هذا النوع من الملفات غير مقبول',
  rejectSize: 'حجمه أكبر من {max}',
  rejectMultiple: 'ملف واحد في كل مرة',

  errorNetwork: 'تكرر انقطاع الاتصال',
  errorHttp: 'رفض الخادم الطلب (HTTP {status})',
  errorProtocol: 'أجاب الخادم إجابة غير متوقعة',
  errorIntegrity: 'نسخة الخادم تختلف عن الملف',
  errorFileUnreadable: 'لم تعد قراءة الملف ممكنة',
  errorLocked: 'يجري رفعه في علامة تبويب أخرى',
  errorSessionExpired: 'انتهت صلاحية جلسة الرفع',
  errorInvalidOption: 'الرفع غير مُعدّ بشكل صحيح',
  errorUnknown: 'حدث خطأ ما',
} satisfies Partial<UploadStrings>;
