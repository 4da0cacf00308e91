import type { UploadStrings } from '../i18n/strings.ts';

/** Persian (فارسی). Register with `registerLocale('fa', fa)`. */
export const fa = {
  chooseFiles: 'انتخاب فایل‌ها',
  chooseFile: 'انتخاب فایل',
  dropHint: 'یا آن‌ها را اینجا رها کنید',
  empty: 'هنوز فایلی نیست.',
  listLabel: 'بارگذاری‌ها',

  ready: 'آماده',
  queued: 'در انتظار',
  starting: 'در حال شروع',
  uploading: 'در حال بارگذاری',
  paused: 'متوقف شد',
  retrying: 'تلاش دوباره تا {time} دیگر',
  retryingNow: 'در حال تلاش دوباره',
  offline: 'آفلاین، در انتظار اتصال به شبکه',
  done: 'انجام شد',
  failed: 'ناموفق: {reason}',
  cancelled: 'لغو شد',
  rejected: 'افزوده نشد: {reason}',

  progress: '{percent}، {done} از {total}',
  timeLeft: '{time} مانده',

  start: 'شروع بارگذاری {name}',
  pause: 'توقف {name}',
  resume: 'ادامهٔ {name}',
  cancel: 'لغو {name}',
  retry: 'تلاش دوباره برای {name}',
  remove: 'حذف {name} از فهرست',

  interruptedLabel: 'بارگذاری‌های نیمه‌کاره',
  interrupted: 'در {percent} متوقف شد',
  interruptedNeedsFile: 'در {percent} متوقف شد: برای ادامه، فایل را دوباره انتخاب کنید',
  chooseAgain: 'انتخاب دوباره',
  chooseAgainLabel: 'انتخاب دوباره برای ادامهٔ {name}',
  discard: 'کنار گذاشتن {name}',

  announceStart: 'بارگذاری {name} آغاز شد',
  announceDone: '{name} بارگذاری شد',
  announceFailed: 'بارگذاری {name} ناموفق بود: {reason}',
  announceInterrupted: 'برخی بارگذاری‌ها نیمه‌کاره ماندند: در پایین ادامه دهید یا کنارشان بگذارید',

  announceRejected: '{name} افزوده نشد: {reason}',
  announceRetrying: '{name}: تلاش دوباره تا {time} دیگر',
  announceOffline: '{name}: آفلاین، در انتظار اتصال به شبکه',
  announceSummary: 'بارگذاری‌ها: {done} انجام شد، {failed} ناموفق، {left} مانده',

  summaryLabel: 'همهٔ بارگذاری‌ها',
  summaryDone: { one: '{count} انجام شد', other: '{count} انجام شد' },
  summaryFailed: { one: '{count} ناموفق', other: '{count} ناموفق' },
  summaryLeft: { one: '{count} مانده', other: '{count} مانده' },
  pauseAll: 'توقف همه',
  resumeAll: 'ادامهٔ همه',
  retryAll: 'تلاش دوباره برای همه',
  cancelAll: 'لغو همه',

  rejectAccept: 'این نوع فایل پذیرفته نمی‌شود',
  rejectSize: 'بزرگ‌تر از {max} است',
  rejectMultiple: 'هر بار فقط یک فایل',

  errorNetwork: 'اتصال بارها قطع شد',
  errorHttp: 'سرور آن را نپذیرفت (HTTP {status})',
  errorProtocol: 'سرور پاسخ غیرمنتظره‌ای داد',
  errorIntegrity: 'نسخهٔ روی سرور با فایل یکسان نیست',
  errorFileUnreadable: 'فایل دیگر خواندنی نیست',
  errorLocked: 'در زبانهٔ دیگری در حال بارگذاری است',
  errorSessionExpired: 'نشست بارگذاری منقضی شد',
  errorInvalidOption: 'بارگذاری درست پیکربندی نشده است',
  errorUnknown: 'مشکلی پیش آمد',
} satisfies Partial<UploadStrings>;
