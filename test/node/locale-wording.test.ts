// What a native speaker's review of the shipped translations asked for, kept true: each case names the
// language's own rule, so a later edit that breaks it says which rule it broke.
import { describe, expect, it } from 'vitest';
import { ar } from '../../src/element/locales/ar.ts';
import { de } from '../../src/element/locales/de.ts';
import { he } from '../../src/element/locales/he.ts';
import { ko } from '../../src/element/locales/ko.ts';
import { ru } from '../../src/element/locales/ru.ts';
import { zhCN } from '../../src/element/locales/zh-CN.ts';
import type { PluralMessage } from '../../src/element/i18n/strings.ts';

const forms = (message: PluralMessage) => Object.values(message) as string[];

describe('Arabic', () => {
  it('words the three picker buttons alike, as imperatives (اختر), not one of them as a noun (اختيار)', () => {
    for (const label of [ar.chooseFile, ar.chooseFiles, ar.chooseFolder]) expect(label).toMatch(/^اختر /);
  });

  it('says "not added" of a file (ملف, masculine) in the masculine, as the row does', () => {
    expect(ar.rejected).toMatch(/^لم يُضف:? /);
    expect(ar.announceRejected).toMatch(/^لم يُضف /);
  });

  it('spells "left" with its shadda (متبقٍّ) wherever it says it', () => {
    expect(ar.timeLeft).toContain('متبقٍّ');
    for (const form of forms(ar.summaryLeft)) expect(form).toContain('متبقٍّ');
  });
});

describe('Hebrew', () => {
  it('labels the buttons that act on every file with a noun of action, gender-neutral like the row buttons', () => {
    const masculineImperatives = /^(השהה|המשך|נסה|בטל|הסר)\s/;
    for (const label of [he.pauseAll, he.resumeAll, he.retryAll, he.cancelAll]) expect(label).not.toMatch(masculineImperatives);
    expect([he.pauseAll, he.resumeAll, he.cancelAll]).toEqual(['השהיית הכול', 'חידוש הכול', 'ביטול הכול']);
  });

  it('puts no plural verb right after a count that may be 1 (the summary and the time left say "done: 1", "time left: …")', () => {
    const pluralVerbAfterCount = /\{(done|failed|left|rejected|time)\}\s*(הושלמו|נכשלו|נותרו|לא נוספו)/;
    for (const text of [he.announceSummary, he.announceSummaryRejected, he.timeLeft]) expect(text).not.toMatch(pluralVerbAfterCount);
    expect(he.timeLeft).not.toMatch(/^נותרו /);
  });
});

describe('Chinese (Simplified)', () => {
  it('names the summary with a noun phrase ("all upload tasks"), not the command "upload all"', () => {
    expect(zhCN.summaryLabel).not.toBe('全部上传');
    expect(zhCN.summaryLabel).toMatch(/上传任务$/);
    expect(zhCN.skipToSummary).toContain(zhCN.summaryLabel);
    expect(zhCN.summaryLabelOf).toMatch(new RegExp(`^${zhCN.summaryLabel}：`));
  });

  it('uses full-width parentheses in Chinese text', () => {
    for (const [key, text] of Object.entries(zhCN)) if (typeof text === 'string') expect(text, key).not.toMatch(/[()]/);
  });
});

describe('German', () => {
  it('words "retry" one way: erneut versuchen, erneuter Versuch', () => {
    for (const text of [de.retrying, de.retryingNow, de.retry, de.retryAll, de.announceRetrying, de.errorOutcomeUnknown]) expect(text).toMatch(/erneut/i);
    expect(Object.values(de).join(' ')).not.toMatch(/wiederholen|Wiederholen|neuer Versuch|Neuer Versuch/);
  });

  it('starts a reason that is a full sentence with a capital, since it follows a colon ("Fehlgeschlagen: Etwas ist schiefgelaufen")', () => {
    expect(de.rejectTotalSize).toMatch(/^Alle /);
    expect(de.errorUnknown).toMatch(/^Etwas /);
    // Fragments stay lower case after the colon.
    expect(de.rejectSize).toMatch(/^größer/);
  });
});

describe('Russian', () => {
  it('counts failed files, not errors', () => {
    for (const form of forms(ru.summaryFailed)) expect(form).toMatch(/файл/);
  });
});

describe('Korean', () => {
  it('says 업로드 for "upload" throughout, never 올리다', () => {
    expect(Object.values(ko).join(' ')).not.toMatch(/올[리릴려]/);
  });
});

describe('discard', () => {
  it('gives up an interrupted upload in words that do not say the file is deleted (Arabic, Turkish and the languages added since)', async () => {
    // Each language's verb for deleting a file.
    const deleting: Record<string, RegExp> = {
      ar: /حذف|احذف/,
      tr: /\bsil/,
      cs: /smaz|vymaz|odstra/i,
      da: /slet/i,
      el: /διαγρ/i,
      fi: /poista/i,
      hu: /töröl|törlés/i,
      ms: /padam/i,
      'pt-PT': /apag|elimin/i,
      ro: /șterge|ştergeţi|ștergeți/i,
      sv: /radera|ta bort/i,
      th: /ลบ/,
      vi: /xóa/i,
      'zh-TW': /刪除/,
    };
    for (const [tag, word] of Object.entries(deleting)) {
      const module = (await import(`../../src/element/locales/${tag}.ts`)) as Record<string, { discard: string; announceInterrupted: string }>;
      const strings = Object.values(module)[0]!;
      expect(strings.discard, tag).not.toMatch(word);
      expect(strings.announceInterrupted, tag).not.toMatch(word);
    }
  });
});
