import {findDates, type FoundDate} from './read-date.js';
import type {DateOrder} from './date-order.js';

/*
 * Which of the dates of a text is the publication's (issue 33 item 2): a date labelled as published
 * (`Veröffentlicht am`, `Posted on`, `Publié le`, `Publicado el`, `Erschienen am`, `Opublikowano`, `Опубликовано`) wins; one labelled as
 * an update (`Aktualisiert`, `Updated`, `Letzte Änderung`, `Stand:`, `mis à jour`) is the last edit,
 * taken only when the text has no other. The end of a range or a deadline is an event's date, never taken.
 */

/**
 * The words of a label that calls a date the last edit (`Aktualisiert`, `Updated`, `Letzte Änderung`, `Stand`, `mis à jour`),
 * and of one that calls it the first publication (`Veröffentlicht`, `Posted`, `Publié`, `Opublikowano`), as regexp sources: one
 * list each for the dates of a text (here), the words that end a byline's name (lead-byline.ts) and a dateline paragraph
 * (lead-paragraph.ts).
 */
export const modifiedWords = String.raw`aktualisiert|geändert|änderung|stand|updated?|modified|edited|revised|mise?\s+à\s+jour|modifié|actualizad[oa]|actualización|aggiornat[oa]|modificat[oa]|atualizad[oa]|bijgewerkt|gewijzigd|zaktualizowano|aktualizacja|aktualizováno|upraveno|uppdaterad|opdateret|oppdatert|päivitetty|güncellendi|güncelleme|обновлено|изменено|actualizat|diperbarui|ažurirano|azurirano|posodobljeno|ажурирано|актуализирано|обновено|ενημερώθηκε|ενημέρωση|עודכן|تحديث|cập\s+nhật|atnaujinta|atjaunināts|frissítve|अपडेट(?:ेड)?|अद्यतन|수정|更新|оновлено|aktualizované|uuendatud|แก้ไข|อัปเดต|อัพเดท|به‌?\s?روزرسانی|بروزرسانی|আপডেট|اپ\s?ڈیٹ`;
export const publishedWords = String.raw`veröffentlicht|erschienen|publiziert|erstellt|gepostet|published|posted|created|publiée?|publicado|pubblicato|gepubliceerd|geplaatst|opublikowano|publikováno|zveřejněno|publicerad|publiceret|publisert|julkaistu|yayınlanma|опубликовано|publicat|diterbitkan|objavljeno|објављено|публикувано|δημοσιεύθηκε|δημοσίευση|פורסם|نشر|تاريخ\s+النشر|đăng|ngày\s+đăng|paskelbta|publicēts|közzétéve|publikálva|प्रकाशित|प्रकाशन|입력|게시|작성|등록|发布|發佈|发表|發表|公開|投稿|掲載|配信|опубліковано|avaldatud|megjelent|publikované|uverejnené|diterbitkan|dipublikasikan|terbit|เผยแพร่|โพสต์|انتشار|منتشر|প্রকাশিত|প্রকাশ|شائع`;
// What may follow the label before the date: `Veröffentlicht am`, `Posted on:`, `Publié le`.
const labelEnd = String.raw`\W*(?:am|on|le|el|il|em|op|den|dne|в|:)?\W*$`;
const modifiedLabel = new RegExp(String.raw`(?:${modifiedWords})${labelEnd}`, 'i');
const publishedLabel = new RegExp(String.raw`(?:${publishedWords})${labelEnd}`, 'i');

// The end of a range or a deadline (`vom 9.1. - 10.2.2023`, `Deadline: 15. März 2020`, `until May 3, 2021`): an event's, not the page's.
const eventLabel = /(?:deadline|frist|einsendeschluss|anmeldeschluss|bis|until|till|jusqu'au|hasta|fino\s+al|tot|\d\.?\s*[-–])\s*:?\s*$/i;

/** A date of a text, and whether a label calls it the last edit. */
export interface LabelledDate extends FoundDate {
  modified: boolean;
}

/** How many characters before a date are read for its label. */
const labelReach = 40;

/** The dates of `text` (at most 4) with their labels, the published one first, a modified one after the others. */
export function labelledDates(text: string, order: DateOrder): LabelledDate[] {
  const found = findDates(text, order);
  const dates: LabelledDate[] = [];
  let published: LabelledDate | null = null;
  let from = 0;
  for (const date of found) {
    const before = text.slice(Math.max(from, date.index - labelReach), date.index);
    from = date.index + 1;
    if (eventLabel.test(before)) continue;
    const entry = {...date, modified: modifiedLabel.test(before)};
    if (published === null && !entry.modified && publishedLabel.test(before)) published = entry;
    dates.push(entry);
  }
  if (published !== null) return [published, ...dates.filter((date) => date !== published)];
  return [...dates.filter((date) => !date.modified), ...dates.filter((date) => date.modified)];
}
